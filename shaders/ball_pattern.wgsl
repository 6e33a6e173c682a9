// The pool-ball pattern, shared by the full ball material (`ball.wgsl`, on Bevy's PBR lighting)
// and the low preset's simple material (`simple.wgsl`): a solid or striped ball with two white
// number circles on opposite sides, the digits drawn as signed-distance strokes (no texture).
//
// The pattern lives in the ball's own frame, rebuilt from the UV sphere's coordinates
// (u around the local z pole, v from pole to pole), so it rolls and spins with the ball.

#define_import_path biljardi::ball_pattern

const PI: f32 = 3.14159265;
// Half the stripe's height as the sine of its latitude.
const STRIPE_HALF: f32 = 0.55;
// Angular radius of a number circle, radians.
const CIRCLE_RADIUS: f32 = 0.43;
// Glyph units (a digit is 1 wide, 2 high) per tangent-plane unit, and the stroke half-width.
const GLYPH_SCALE: f32 = 0.115;
const STROKE: f32 = 0.17;

// A uniform `x` the driver cannot see is uniform; `w` is the fragment's 1/w (`position.w`),
// positive for every fragment drawn, so the result is always `x`.
//
// Why: Mesa's lavapipe (22.x, Debian 12's software Vulkan) "inlines" a uniform that alone
// decides a branch or a loop: it clones the shader, folds the value in and compiles it again
// through LLVM for every draw whose material values differ, in every frame. With a material
// per ball that was most of a frame on a 2-core machine (the low preset went from 10 to 21
// frames per second without it). Adding a value it cannot know keeps each branch a branch,
// compiled once; it costs one compare per pixel.
fn opaque(x: u32, w: f32) -> u32 {
    return x + u32(w < 0.0);
}

// Digit strokes as line segments (x0, y0, x1, y1) in a 1 x 2 box; 9 is a turned 6.
var<private> SEGS: array<vec4<f32>, 58> = array<vec4<f32>, 58>(
    // 0 (8)
    vec4(0.0, 0.3, 0.0, 1.7), vec4(1.0, 0.3, 1.0, 1.7), vec4(0.3, 2.0, 0.7, 2.0), vec4(0.3, 0.0, 0.7, 0.0),
    vec4(0.0, 1.7, 0.3, 2.0), vec4(0.7, 2.0, 1.0, 1.7), vec4(1.0, 0.3, 0.7, 0.0), vec4(0.3, 0.0, 0.0, 0.3),
    // 1 (3)
    vec4(0.5, 0.0, 0.5, 2.0), vec4(0.5, 2.0, 0.15, 1.65), vec4(0.15, 0.0, 0.85, 0.0),
    // 2 (6)
    vec4(0.0, 1.7, 0.3, 2.0), vec4(0.3, 2.0, 0.7, 2.0), vec4(0.7, 2.0, 1.0, 1.7), vec4(1.0, 1.7, 1.0, 1.3),
    vec4(1.0, 1.3, 0.0, 0.0), vec4(0.0, 0.0, 1.0, 0.0),
    // 3 (11)
    vec4(0.0, 1.7, 0.3, 2.0), vec4(0.3, 2.0, 0.7, 2.0), vec4(0.7, 2.0, 1.0, 1.7), vec4(1.0, 1.7, 1.0, 1.3),
    vec4(1.0, 1.3, 0.7, 1.0), vec4(0.7, 1.0, 0.35, 1.0), vec4(0.7, 1.0, 1.0, 0.7), vec4(1.0, 0.7, 1.0, 0.3),
    vec4(1.0, 0.3, 0.7, 0.0), vec4(0.7, 0.0, 0.3, 0.0), vec4(0.3, 0.0, 0.0, 0.3),
    // 4 (3)
    vec4(0.75, 0.0, 0.75, 2.0), vec4(0.75, 2.0, 0.0, 0.6), vec4(0.0, 0.6, 1.0, 0.6),
    // 5 (8)
    vec4(1.0, 2.0, 0.05, 2.0), vec4(0.05, 2.0, 0.0, 1.1), vec4(0.0, 1.1, 0.6, 1.2), vec4(0.6, 1.2, 1.0, 0.9),
    vec4(1.0, 0.9, 1.0, 0.3), vec4(1.0, 0.3, 0.7, 0.0), vec4(0.7, 0.0, 0.3, 0.0), vec4(0.3, 0.0, 0.0, 0.3),
    // 6 (11)
    vec4(1.0, 1.8, 0.7, 2.0), vec4(0.7, 2.0, 0.3, 2.0), vec4(0.3, 2.0, 0.0, 1.7), vec4(0.0, 1.7, 0.0, 0.3),
    vec4(0.0, 0.3, 0.3, 0.0), vec4(0.3, 0.0, 0.7, 0.0), vec4(0.7, 0.0, 1.0, 0.3), vec4(1.0, 0.3, 1.0, 0.8),
    vec4(1.0, 0.8, 0.7, 1.1), vec4(0.7, 1.1, 0.3, 1.1), vec4(0.3, 1.1, 0.0, 0.8),
    // 7 (2)
    vec4(0.0, 2.0, 1.0, 2.0), vec4(1.0, 2.0, 0.35, 0.0),
    // 8 (6: two loops drawn as hexagons)
    vec4(0.15, 1.0, 0.85, 1.0), vec4(0.1, 1.5, 0.3, 2.0), vec4(0.3, 2.0, 0.7, 2.0), vec4(0.7, 2.0, 0.9, 1.5),
    vec4(0.0, 0.5, 0.3, 0.0), vec4(0.3, 0.0, 0.7, 0.0),
);
// First segment and count per digit 0..8 (8 adds its mirrored sides below).
var<private> DIGIT_START: array<u32, 9> = array<u32, 9>(0u, 8u, 11u, 17u, 28u, 31u, 39u, 50u, 52u);
var<private> DIGIT_COUNT: array<u32, 9> = array<u32, 9>(8u, 3u, 6u, 11u, 3u, 8u, 11u, 2u, 6u);

fn segment_distance(p: vec2<f32>, s: vec4<f32>) -> f32 {
    let a = s.xy;
    let ab = s.zw - a;
    let t = clamp(dot(p - a, ab) / max(dot(ab, ab), 1e-6), 0.0, 1.0);
    return length(p - a - ab * t);
}

// Distance from p (glyph units, digit box 1 x 2) to the strokes of digit d.
fn digit_distance(p_in: vec2<f32>, d: u32) -> f32 {
    var p = p_in;
    var g = d;
    if (d == 9u) {
        p = vec2(1.0, 2.0) - p;
        g = 6u;
    }
    var best = 1e9;
    let start = DIGIT_START[g];
    for (var i = 0u; i < DIGIT_COUNT[g]; i = i + 1u) {
        best = min(best, segment_distance(p, SEGS[start + i]));
    }
    if (g == 8u) {
        // The 8 is symmetric left-right: add its other sides and the waist.
        let q = vec2(1.0 - p.x, p.y);
        for (var i = 0u; i < DIGIT_COUNT[g]; i = i + 1u) {
            best = min(best, segment_distance(q, SEGS[start + i]));
        }
        best = min(best, segment_distance(p, vec4(0.1, 1.5, 0.15, 1.0)));
        best = min(best, segment_distance(q, vec4(0.1, 1.5, 0.15, 1.0)));
        best = min(best, segment_distance(p, vec4(0.15, 1.0, 0.0, 0.5)));
        best = min(best, segment_distance(q, vec4(0.15, 1.0, 0.0, 0.5)));
    }
    return best;
}

// Distance to the ball's number written centred at the origin of the circle's tangent plane.
fn number_distance(t: vec2<f32>, n: u32) -> f32 {
    let g = t / GLYPH_SCALE;
    if (n < 10u) {
        return digit_distance(g + vec2(0.5, 1.0), n);
    }
    let left = digit_distance(g + vec2(1.15, 1.0), n / 10u);
    let right = digit_distance(g + vec2(-0.15, 1.0), n % 10u);
    return min(left, right);
}

// Colour of the ball's surface at local unit normal `n` (z is the stripe's axis).
fn ball_surface(n: vec3<f32>, base: vec4<f32>, number: u32, stripe: u32) -> vec4<f32> {
    let white = vec4(0.97, 0.96, 0.92, 1.0);
    var c = base;
    if (stripe == 1u && abs(n.z) > STRIPE_HALF) {
        c = white;
    }
    if (number == 0u) {
        return c;
    }
    // Two number circles, on the local +x and -x sides.
    let side = select(-1.0, 1.0, n.x >= 0.0);
    let along = abs(n.x);
    if (along > cos(CIRCLE_RADIUS)) {
        // Gnomonic projection onto the tangent plane, turned so the far circle isn't mirrored.
        let t = vec2(side * n.y, n.z) / along;
        // 6 and 9 carry an underline so they can be told apart.
        var d = number_distance(t, number);
        if (number == 6u || number == 9u) {
            d = min(d, segment_distance(t / GLYPH_SCALE, vec4(-0.5, -1.35, 0.5, -1.35)));
        }
        if (d < STROKE) {
            return vec4(0.04, 0.04, 0.04, 1.0);
        }
        return white;
    }
    return c;
}

// The local unit normal from the UV sphere's coordinates (u: longitude, v: colatitude).
fn local_normal(uv: vec2<f32>) -> vec3<f32> {
    let lon = uv.x * 2.0 * PI;
    let lat = PI * 0.5 - uv.y * PI;
    return vec3(cos(lat) * cos(lon), cos(lat) * sin(lon), sin(lat));
}
