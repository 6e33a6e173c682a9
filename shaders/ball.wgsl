// A pool ball on Bevy's PBR lighting: the pattern of `ball_pattern.wgsl` as the base colour.

#import biljardi::ball_pattern::{ball_surface, local_normal, opaque}
#import bevy_pbr::{
    pbr_fragment::pbr_input_from_standard_material,
    pbr_functions::alpha_discard,
}

#ifdef PREPASS_PIPELINE
#import bevy_pbr::{
    prepass_io::{VertexOutput, FragmentOutput},
    pbr_deferred_functions::deferred_output,
}
#else
#import bevy_pbr::{
    forward_io::{VertexOutput, FragmentOutput},
    pbr_functions::{apply_pbr_lighting, main_pass_post_lighting_processing},
}
#endif

struct BallPattern {
    colour: vec4<f32>,
    number: u32,
    stripe: u32,
    _pad0: u32,
    _pad1: u32,
}

@group(#{MATERIAL_BIND_GROUP}) @binding(100)
var<uniform> ball: BallPattern;

@fragment
fn fragment(in: VertexOutput, @builtin(front_facing) is_front: bool) -> FragmentOutput {
    var pbr_input = pbr_input_from_standard_material(in, is_front);

    pbr_input.material.base_color = ball_surface(
        local_normal(in.uv),
        ball.colour,
        opaque(ball.number, in.position.w),
        opaque(ball.stripe, in.position.w),
    );
    pbr_input.material.base_color = alpha_discard(pbr_input.material, pbr_input.material.base_color);

#ifdef PREPASS_PIPELINE
    let out = deferred_output(in, pbr_input);
#else
    var out: FragmentOutput;
    out.color = apply_pbr_lighting(pbr_input);
    out.color = main_pass_post_lighting_processing(pbr_input, out.color);
#endif
    return out;
}
