#!/usr/bin/env python3
"""Time pooltool 0.6.0 on our benchmark's two breaks and print JSON (issue 21's speed check).

The inputs are those of `crates/physics/benches/shots.rs` (and of the `break_timing` example):
the 15-ball and the 9-ball rack with the apex on the foot spot, neighbours 0.1 mm apart, the cue
ball on the head spot of a 9 ft table (2.54 x 1.27 m), a level centre hit towards the foot spot.
Our cue speed is 8 * 2 / (1 + e_tip) m/s with the leather tip (e_tip 0.75); pooltool's tip is
elastic, so its cue speed 8 m/s gives the cue ball the same 12.309 m/s (TP A-30: 2 V0 / (1 + m/M),
m 0.170 kg, M 0.567 kg). Everything else is pooltool's default physics (its 0.6 resolver: Stronge
compliant cushions, frictional inelastic ball-ball), so the two engines play the same break but
not the same shot afterwards: the table compares time per break, and prints both event counts.

Coordinates: ours have the origin at the table's centre, x to the foot, y to the left; pooltool's
the origin at a corner, y along the table. So pooltool's (x, y) = (w/2 - our y, l/2 + our x), and
our direction 0 (towards the foot) is pooltool's phi 90 degrees.

pooltool is timed after its numba JIT warm-up (one break of each first), `pt.simulate` on the
system as built (it copies the system, as our side builds a `Simulation`), strike included.
With `--biljardi`, our `break_timing` example (one or more builds) runs in the same invocation,
its batches alternating with pooltool's so both see the same load, on the same layouts (read
from its `--layout` output and checked against ours here); the JSON has per-batch ratios
(median) and best over best.

Setup (a venv outside the repository):

    python3 -m venv $HOME/.cache/biljardi/pt06
    $HOME/.cache/biljardi/pt06/bin/pip install panda3d==1.10.16 panda3d-gltf panda3d-simplepbr \\
        numpy numba "llvmlite<0.46" scipy attrs cattrs msgpack msgpack-numpy pyyaml click pillow \\
        h5py h11 "rich<15" numpy-quaternion
    $HOME/.cache/biljardi/pt06/bin/pip install --no-deps pooltool-billiards==0.6.0
    cargo build --release -p biljardi-physics --example break_timing
    $HOME/.cache/biljardi/pt06/bin/python tools/pooltool_timing.py \\
        --biljardi "$CARGO_TARGET_DIR/release/examples/break_timing"   # or target/release/...
    # two builds side by side: --biljardi before=/tmp/bt-old --biljardi after=/tmp/bt-new
"""

import argparse
import json
import math
import statistics
import subprocess
import sys
import time

R = 0.028575  # ball radius, m (ours and pooltool's)
M_BALL = 0.170  # ours (pooltool's default is 0.170097)
LENGTH, WIDTH = 2.54, 1.27  # WPA 9 ft playing surface, m
RACK_GAP = 1e-4  # crates/physics/src/rack.rs RACK_GAP_M
POOLTOOL_CUE_SPEED = 8.0  # m/s, elastic tip: cue ball 12.309 m/s

RACKS = {
    "break_15_ball_8mps": [[1], [9, 2], [10, 8, 3], [11, 4, 12, 5], [6, 13, 7, 14, 15]],
    "break_9_ball_8mps": [[1], [2, 3], [4, 9, 5], [6, 7], [8]],
}


def our_layout(rows):
    """Ball id -> (x, y) in our frame, as crates/physics/src/rack.rs places them."""
    d = 2 * R + RACK_GAP
    step = d * math.sqrt(3) / 2
    fx = LENGTH / 4
    out = {"cue": (-LENGTH / 4, 0.0)}
    for k, row in enumerate(rows):
        start = -(len(row) - 1) / 2
        for j, n in enumerate(row):
            out[str(n)] = (fx + k * step, (start + j) * d)
    return out


def biljardi_layouts(exe):
    """The layouts and the cue ball's velocity after the strike from our example."""
    text = subprocess.run([exe, "--layout"], check=True, capture_output=True, text=True).stdout
    return json.loads(text)


def system_for(pt, balls):
    specs = pt.objects.PocketTableSpecs(l=LENGTH, w=WIDTH, cushion_height=0.635 * 2 * R)
    table = pt.Table.from_table_specs(specs)
    pt_balls = {
        bid: pt.Ball.create(bid, xy=(WIDTH / 2 - y, LENGTH / 2 + x), m=M_BALL, R=R) for bid, (x, y) in balls.items()
    }
    cue = pt.Cue(cue_ball_id="cue")
    system = pt.System(cue=cue, table=table, balls=pt_balls)
    system.strike(V0=POOLTOOL_CUE_SPEED, phi=90.0, theta=0.0, a=0.0, b=0.0)
    return system


def warm_up(pt, balls):
    """Builds the system and simulates once (numba JIT); the system and the facts of that run."""
    system = system_for(pt, balls)
    warm = pt.simulate(system)
    strike = [e for e in warm.events if e.event_type == pt.EventType.STICK_BALL][0]
    v_after = strike.agents[1].final.state.rvw[1].tolist()
    facts = {"events": len(warm.events), "cue_ball_speed_after_strike": round(math.hypot(v_after[0], v_after[1]), 6)}
    return system, facts


def pooltool_batch(pt, system, runs):
    """Milliseconds per break over `runs` breaks."""
    start = time.perf_counter()
    for _ in range(runs):
        pt.simulate(system)
    return (time.perf_counter() - start) * 1e3 / runs


def our_batch(exes, runs):
    """Our milliseconds per break, one batch of `runs` breaks, per executable."""
    out = {}
    for label, exe in exes.items():
        text = subprocess.run([exe, str(runs), "1"], check=True, capture_output=True, text=True).stdout
        out[label] = json.loads(text)
    return out


def summary(times):
    times = sorted(times)
    return {"ms_best": round(times[0], 5), "ms_median": round(times[len(times) // 2], 5)}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=10, help="pooltool breaks per batch")
    ap.add_argument("--batches", type=int, default=5, help="batches (best and median are over batches)")
    ap.add_argument(
        "--biljardi",
        action="append",
        default=[],
        metavar="[LABEL=]PATH",
        help="our break_timing example, timed in the same run, its batches alternating with pooltool's "
        "(repeat with labels, e.g. before=... after=..., to compare builds)",
    )
    ap.add_argument("--our-runs", type=int, default=2000, help="our breaks per batch")
    args = ap.parse_args()

    import pooltool as pt

    exes = {}
    for k, arg in enumerate(args.biljardi):
        label, _, path = arg.rpartition("=")
        exes[label or ("biljardi" if k == 0 else f"biljardi{k}")] = path
    layouts = {name: our_layout(rows) for name, rows in RACKS.items()}
    for label, exe in exes.items():
        theirs = biljardi_layouts(exe)
        for name, balls in layouts.items():
            got = theirs[name]["balls"]
            worst = max(math.dist(balls[b], got[b]) for b in balls)
            if set(got) != set(balls) or worst > 1e-12:
                sys.exit(f"{label} {name}: the layout here differs from break_timing's ({worst} m)")

    systems = {name: warm_up(pt, balls) for name, balls in layouts.items()}
    pooltool_ms = {name: [] for name in layouts}
    ours_ms = {label: {name: [] for name in layouts} for label in exes}
    ours_events = {}
    ratios = {label: {name: [] for name in layouts} for label in exes}
    # Batches alternate between the engines, so both see the same load on a shared machine.
    for _ in range(args.batches):
        for name, (system, _) in systems.items():
            pooltool_ms[name].append(pooltool_batch(pt, system, args.runs))
        ours = our_batch(exes, args.our_runs)
        for label in exes:
            for name in layouts:
                ms = ours[label][name]["ms_best"]
                ours_ms[label][name].append(ms)
                ours_events[(label, name)] = ours[label][name]["events"]
                ratios[label][name].append(pooltool_ms[name][-1] / ms)

    out = {
        "pooltool_version": pt.__version__,
        "batches": args.batches,
        "pooltool": {
            name: {**summary(pooltool_ms[name]), **systems[name][1], "runs": args.runs * args.batches}
            for name in layouts
        },
    }
    for label in exes:
        out[label] = {
            name: {
                **summary(ours_ms[label][name]),
                "events": ours_events[(label, name)],
                "runs": args.our_runs * args.batches,
                # Per batch pooltool / ours, both timed back to back.
                "ratio_median": round(statistics.median(ratios[label][name]), 1),
                "ratio_best": round(min(pooltool_ms[name]) / min(ours_ms[label][name]), 1),
            }
            for name in layouts
        }
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
