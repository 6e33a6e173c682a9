// The low preset's material: one lamp, Lambert diffuse and a Blinn highlight, no tone mapping,
// clustering, shadows or texture reads. On a software renderer (llvmpipe) Bevy's PBR fragment
// shader costs most of a frame; this one is a few dozen instructions per pixel.

#import bevy_pbr::forward_io::VertexOutput
#import bevy_pbr::mesh_view_bindings::view
#import biljardi::ball_pattern::{ball_surface, local_normal, opaque}

struct Simple {
    colour: vec4<f32>,
    // xyz: the lamp's position, m; w: its strength at the bed.
    lamp: vec4<f32>,
    // x: 0 lit, 1 glowing (emits `colour`), 2 a ball (chosen by the pipeline's shader defs
    // `LOOK_GLOWING` and `LOOK_BALL`, not read here); y: the ball's number; z: 1 for a stripe.
    kind: vec4<u32>,
    // x: ambient light; y: highlight strength; z: highlight sharpness.
    finish: vec4<f32>,
}

@group(#{MATERIAL_BIND_GROUP}) @binding(0)
var<uniform> m: Simple;

@fragment
fn fragment(in: VertexOutput) -> @location(0) vec4<f32> {
#ifdef LOOK_GLOWING
    return m.colour;
#else
    var base = m.colour;
#ifdef LOOK_BALL
#ifdef VERTEX_UVS_A
    // The number and stripe go through `opaque` (see `ball_pattern.wgsl`).
    base = ball_surface(local_normal(in.uv), m.colour, opaque(m.kind.y, in.position.w), opaque(m.kind.z, in.position.w));
#endif
#endif
    let p = in.world_position.xyz;
    let n = normalize(in.world_normal);
    let to_lamp = m.lamp.xyz - p;
    let d2 = dot(to_lamp, to_lamp);
    let l = to_lamp * inverseSqrt(d2);
    // The lamp hangs about a metre above the bed: light falls off gently across the table.
    let light = m.lamp.w / (1.0 + 0.6 * d2);
    let diffuse = max(dot(n, l), 0.0) * light;
    let v = normalize(view.world_position - p);
    let h = normalize(l + v);
    let spec = m.finish.y * pow(max(dot(n, h), 0.0), m.finish.z) * light;
    return vec4(base.rgb * (m.finish.x + diffuse) + vec3(spec), base.a);
#endif
}
