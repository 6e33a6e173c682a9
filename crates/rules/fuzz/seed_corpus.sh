#!/bin/sh
# Fills corpus/<target>/ with the inputs of the test fixtures, so libFuzzer starts from valid
# requests. Run from crates/rules/fuzz; needs python3.
set -e
mkdir -p corpus/referee corpus/lag corpus/sim
python3 - <<'PY'
import json, glob, os
for target, pattern in [("referee", "../tests/fixtures/*.json"), ("lag", "../tests/lag_fixtures/*.json")]:
    for f in glob.glob(pattern):
        d = json.load(open(f))
        open(os.path.join("corpus", target, os.path.basename(f)), "w").write(json.dumps(d["input"]))
        if target == "referee" and "shot" in d["input"]:
            open(os.path.join("corpus", "sim", os.path.basename(f)), "w").write(json.dumps(d["input"]))
PY
# A few plain `sim` requests (the contract's example, a jump shot, a 7 ft table with parameters).
echo '{"table": "9ft", "params": {}, "balls": [{"id": "cue", "pos": [-0.635, 0.0]}, {"id": "1", "pos": [0.635, 0.0], "v": [0, 0, 0], "w": [0, 0, 0]}], "shot": {"ball": "cue", "speed": 2.0, "phi": 0.0, "theta": 0.0, "a": 0.0, "b": 0.0}, "max_time": 120.0}' > corpus/sim/contract.json
echo '{"balls": [{"id": "cue", "pos": [-0.6, 0.1]}, {"id": "3", "pos": [0.3, 0.0]}, {"id": "9", "pos": [0.9, -0.2]}], "shot": {"ball": "cue", "speed": 6.0, "phi": 3.0, "theta": 35.0, "a": 0.2, "b": -0.3}}' > corpus/sim/jump.json
echo '{"table": {"size": "7ft", "side_mouth": 0.13}, "params": {"mu_slide": 0.25, "e_cushion": 0.8, "cushion_model": "han_2005"}, "balls": [{"id": "cue", "pos": [0.2, 0.3]}, {"id": "5", "pos": [0.6, -0.2], "v": [0.5, 0.1, 0.0]}], "shot": {"ball": "cue", "speed": 4.0, "phi": 200.0, "a": 0.2, "b": 0.3}}' > corpus/sim/seven_foot.json
