//! docs/rules-coverage.md stays true: a row for every rule of sections 1, 2, 3, 4, 6, 8, 9;
//! every implemented rule names a test; every named test exists; the rules marked not applicable
//! are exactly those the crate lists with reasons.

use biljardi_rules::not_applicable::NOT_APPLICABLE;
use std::path::Path;

fn read_all(dir: &Path, out: &mut String) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let p = entry.unwrap().path();
        if p.is_dir() {
            read_all(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push_str(&std::fs::read_to_string(&p).unwrap());
        }
    }
}

#[test]
fn coverage_table_matches_the_rules_and_the_tests() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let doc = std::fs::read_to_string(root.join("../../docs/rules-coverage.md")).expect("docs/rules-coverage.md");
    let mut sources = String::new();
    read_all(&root.join("src"), &mut sources);
    read_all(&root.join("tests"), &mut sources);
    let fixtures = root.join("tests/fixtures");
    let lag_fixtures = root.join("tests/lag_fixtures");
    let sections = [(1, 12), (2, 9), (3, 11), (4, 12), (6, 16), (8, 18), (9, 12)];
    for (s, n) in sections {
        for i in 1..=n {
            let rule = format!("{s}.{i}");
            let row = doc
                .lines()
                .find(|l| l.starts_with(&format!("| {rule} |")))
                .unwrap_or_else(|| panic!("no row for {rule}"));
            let cells: Vec<&str> = row.split('|').map(str::trim).collect();
            let status = cells[3];
            let na = NOT_APPLICABLE.iter().any(|(r, _, _)| *r == rule);
            assert_eq!(status == "not applicable", na, "{rule}: status {status:?}");
            let tests: Vec<&str> = cells[6]
                .split(',')
                .map(|t| t.trim().trim_matches('`'))
                .filter(|t| !t.is_empty() && *t != "—")
                .collect();
            if !na {
                assert!(!tests.is_empty(), "{rule} is implemented but names no test");
            }
            for t in tests {
                let exists = fixtures.join(format!("{t}.json")).exists()
                    || lag_fixtures.join(format!("{t}.json")).exists()
                    || sources.contains(&format!("fn {t}("));
                assert!(exists, "{rule}: test {t} does not exist");
            }
        }
    }
}
