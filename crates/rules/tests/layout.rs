//! Issue 22: no two modules of the crate import each other, directly or around a circle. Reads
//! `src/*.rs`, collects each file's `crate::` paths (in `use` lines and inline) and looks for a
//! cycle in that graph.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

fn imports(text: &str, modules: &BTreeSet<String>) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for (at, _) in text.match_indices("crate::") {
        let rest = &text[at + "crate::".len()..];
        // `crate::name`, or `crate::{a, b::c}`.
        let names: Vec<&str> = if let Some(list) = rest.strip_prefix('{') {
            list.split('}').next().unwrap_or("").split(',').collect()
        } else {
            vec![rest]
        };
        for n in names {
            let n: String = n.trim().chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
            if modules.contains(&n) {
                out.insert(n);
            }
        }
    }
    out
}

#[test]
fn no_module_imports_one_that_imports_it_back() {
    let src = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = BTreeMap::new();
    for entry in std::fs::read_dir(&src).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "rs") {
            let name = path.file_stem().unwrap().to_string_lossy().to_string();
            files.insert(name, std::fs::read_to_string(&path).unwrap());
        }
    }
    let modules: BTreeSet<String> = files.keys().filter(|m| *m != "lib").cloned().collect();
    let graph: BTreeMap<String, BTreeSet<String>> = files
        .iter()
        .filter(|(m, _)| *m != "lib")
        .map(|(m, text)| (m.clone(), imports(text, &modules).into_iter().filter(|d| d != m).collect()))
        .collect();
    assert!(graph["judge"].contains("nine_ball"), "the parser sees the games table");
    // Depth-first search for a back edge.
    fn visit(
        m: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        state: &mut BTreeMap<String, u8>,
        path: &mut Vec<String>,
    ) {
        state.insert(m.to_string(), 1);
        path.push(m.to_string());
        for d in &graph[m] {
            match state.get(d.as_str()).copied().unwrap_or(0) {
                0 => visit(d, graph, state, path),
                1 => panic!("import cycle: {} -> {d}", path.join(" -> ")),
                _ => {}
            }
        }
        path.pop();
        state.insert(m.to_string(), 2);
    }
    let mut state = BTreeMap::new();
    for m in graph.keys() {
        if state.get(m.as_str()).copied().unwrap_or(0) == 0 {
            visit(m, &graph, &mut state, &mut Vec::new());
        }
    }
}
