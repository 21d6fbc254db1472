//! The shape of the source tree: no import circle between the modules of the engine's library or of
//! the tools' library, tools that use the engine (never the search's insides) and an engine that never
//! uses the tools, no source or test file over `MAX_LINES` lines, and no source pointing at files
//! outside a clone or at the ledger.
//!
//! The module graph is read from the source text: an edge runs from a module to every module a
//! `crate::`, `super::` or `self::` path in it names (or, in a file that declares child modules, a
//! path that starts with a child's name), to the deepest module the path reaches. `mod x;` alone is
//! no edge, and inline `#[cfg(test)] mod tests` blocks are left out.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// Longest source file, in lines.
const MAX_LINES: usize = 600;

fn source_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> =
        fs::read_dir(dir).expect("src/ is readable").map(|e| e.expect("directory entry").path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            source_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

fn src_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn tools_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tools")
}

/// Every Rust file of the engine and the tools: sources, tests and benchmarks.
fn all_rust_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in [root.join("src"), root.join("tests"), tools_dir()] {
        source_files(&dir, &mut files);
    }
    files.push(root.join("build.rs"));
    files.retain(|path| !path.components().any(|c| c.as_os_str() == "target"));
    files
}

/// The module path of a library file (`crate::search::worker` for `src/search/worker.rs`).
fn module_of(relative: &Path) -> String {
    let mut parts: Vec<String> = relative.iter().map(|p| p.to_string_lossy().into_owned()).collect();
    let file = parts.pop().expect("a file name");
    let stem = file.trim_end_matches(".rs");
    if stem != "mod" && stem != "lib" {
        parts.push(stem.to_string());
    }
    std::iter::once("crate".to_string()).chain(parts).collect::<Vec<_>>().join("::")
}

#[derive(Debug, PartialEq)]
enum Token {
    Ident(String),
    Path,
    Open,
    Close,
    Comma,
    Other,
}

/// The code's tokens, comments and string literals left out.
fn tokens(code: &str) -> Vec<Token> {
    let mut out = Vec::new();
    for line in code.lines() {
        let line = line.split("//").next().unwrap_or("");
        let chars: Vec<char> = line.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            if c.is_alphanumeric() || c == '_' {
                let start = i;
                while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                    i += 1;
                }
                out.push(Token::Ident(chars[start..i].iter().collect()));
                continue;
            }
            if c == '"' {
                i += 1;
                while i < chars.len() && chars[i] != '"' {
                    i += if chars[i] == '\\' { 2 } else { 1 };
                }
                out.push(Token::Other);
            } else if c == ':' && chars.get(i + 1) == Some(&':') {
                out.push(Token::Path);
                i += 1;
            } else {
                out.push(match c {
                    '{' => Token::Open,
                    '}' => Token::Close,
                    ',' => Token::Comma,
                    _ => Token::Other,
                });
            }
            i += 1;
        }
    }
    out
}

/// Every path in `tokens` that starts with one of `roots`, braces expanded one level (`a::{b, c}`
/// gives `a::b` and `a::c`).
fn paths(tokens: &[Token], roots: &BTreeSet<String>) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    for i in 0..tokens.len() {
        let Token::Ident(first) = &tokens[i] else { continue };
        let after_path = i > 0 && tokens[i - 1] == Token::Path;
        if after_path || !roots.contains(first) || tokens.get(i + 1) != Some(&Token::Path) {
            continue;
        }
        let mut path = vec![first.clone()];
        let mut j = i + 1;
        while tokens.get(j) == Some(&Token::Path) {
            match tokens.get(j + 1) {
                Some(Token::Ident(next)) => {
                    path.push(next.clone());
                    j += 2;
                }
                Some(Token::Open) => {
                    let mut k = j + 2;
                    let mut expect_item = true;
                    while let Some(token) = tokens.get(k) {
                        match token {
                            Token::Close => break,
                            Token::Comma => expect_item = true,
                            Token::Ident(item) if expect_item => {
                                let mut branch = path.clone();
                                branch.push(item.clone());
                                out.push(branch);
                                expect_item = false;
                            }
                            _ => {}
                        }
                        k += 1;
                    }
                    break;
                }
                _ => break,
            }
        }
        out.push(path);
    }
    out
}

/// The deepest known module `path` reaches from `module`.
fn resolve(module: &str, path: &[String], modules: &BTreeSet<String>) -> String {
    let mut current: Vec<String> = module.split("::").map(str::to_string).collect();
    let mut rest = path.iter().peekable();
    match rest.peek().map(|s| s.as_str()) {
        Some("crate") => {
            current = vec!["crate".to_string()];
            rest.next();
        }
        Some("self") => {
            rest.next();
        }
        _ => {}
    }
    for segment in rest {
        let next = match segment.as_str() {
            "super" => current[..current.len().saturating_sub(1)].to_vec(),
            "self" => continue,
            name => [current.clone(), vec![name.to_string()]].concat(),
        };
        if next.is_empty() || !modules.contains(&next.join("::")) {
            break;
        }
        current = next;
    }
    current.join("::")
}

/// The modules of the library under `src` and the modules each one's code names.
fn module_graph(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut files = Vec::new();
    source_files(src, &mut files);
    let library: Vec<(String, String)> = files
        .iter()
        .filter_map(|path| {
            let relative = path.strip_prefix(src).ok()?;
            let first = relative.iter().next()?.to_string_lossy().into_owned();
            (first != "bin" && first != "main.rs")
                .then(|| (module_of(relative), fs::read_to_string(path).expect("source is readable")))
        })
        .collect();
    let modules: BTreeSet<String> = library.iter().map(|(m, _)| m.clone()).collect();
    let mut graph = BTreeMap::new();
    for (module, text) in &library {
        // Inline test modules sit at the end of a file; what they use is not the module's dependency.
        let code = text.split("#[cfg(test)]\nmod tests {").next().unwrap_or(text);
        let children: BTreeSet<String> = modules
            .iter()
            .filter_map(|m| m.strip_prefix(&format!("{module}::")))
            .filter(|rest| !rest.contains("::"))
            .map(str::to_string)
            .collect();
        let mut roots: BTreeSet<String> = ["crate", "super", "self"].iter().map(|s| s.to_string()).collect();
        roots.extend(children);
        let edges: BTreeSet<String> = paths(&tokens(code), &roots)
            .iter()
            .map(|path| resolve(module, path, &modules))
            .filter(|target| target != module)
            .collect();
        graph.insert(module.clone(), edges);
    }
    graph
}

/// A circle of `graph`, if it has one.
fn find_cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        stack: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = stack.iter().position(|n| n == node) {
            return Some([&stack[at..], &[node.to_string()]].concat());
        }
        if done.contains(node) {
            return None;
        }
        stack.push(node.to_string());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(cycle) = visit(next, graph, stack, done) {
                return Some(cycle);
            }
        }
        stack.pop();
        done.insert(node.to_string());
        None
    }
    let mut done = BTreeSet::new();
    graph.keys().find_map(|node| visit(node, graph, &mut Vec::new(), &mut done))
}

#[test]
fn the_module_graph_has_no_circle() {
    let graph = module_graph(&src_dir());
    assert!(graph.len() > 40, "too few modules read: {:?}", graph.keys());
    // The graph is read right: these edges exist.
    assert!(graph["crate::search::alphabeta"].contains("crate::search::worker"), "{graph:?}");
    assert!(graph["crate::search"].contains("crate::search::job"), "{graph:?}");
    assert!(graph["crate::uci"].contains("crate::search"), "{graph:?}");
    if let Some(cycle) = find_cycle(&graph) {
        panic!("import circle: {}", cycle.join(" -> "));
    }
    let tools = module_graph(&tools_dir().join("src"));
    assert!(tools["crate::selfplay"].contains("crate::data::format"), "{tools:?}");
    if let Some(cycle) = find_cycle(&tools) {
        panic!("import circle in the tools: {}", cycle.join(" -> "));
    }
}

/// The `engine::` paths of the tools that reach into a module of the search other than `score` (the
/// scores it gives): tools drive the search through what `engine::search` itself exports.
fn reaches_into_the_search(path: &[String], search_modules: &BTreeSet<String>) -> bool {
    path.len() >= 3 && path[1] == "search" && path[2] != "score" && search_modules.contains(&path[2])
}

#[test]
fn tools_use_the_engine_and_the_engine_never_the_tools() {
    let search_modules: BTreeSet<String> = module_graph(&src_dir())
        .keys()
        .filter_map(|m| m.strip_prefix("crate::search::"))
        .filter_map(|rest| rest.split("::").next())
        .map(str::to_string)
        .collect();
    assert!(search_modules.contains("alphabeta"), "{search_modules:?}");
    let engine_root: BTreeSet<String> = ["engine".to_string()].into();
    let tools_root: BTreeSet<String> = ["tools".to_string()].into();
    let mut tool_files = Vec::new();
    source_files(&tools_dir(), &mut tool_files);
    let mut engine_paths = 0;
    for path in tool_files.iter().filter(|p| !p.components().any(|c| c.as_os_str() == "target")) {
        let text = fs::read_to_string(path).expect("source is readable");
        for found in paths(&tokens(&text), &engine_root) {
            engine_paths += 1;
            assert!(!reaches_into_the_search(&found, &search_modules), "{}: {}", path.display(), found.join("::"));
        }
    }
    assert!(engine_paths > 20, "too few engine paths read in tools/: {engine_paths}");
    let mut engine_files = Vec::new();
    source_files(&src_dir(), &mut engine_files);
    source_files(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests"), &mut engine_files);
    for path in engine_files {
        let text = fs::read_to_string(&path).expect("source is readable");
        assert!(paths(&tokens(&text), &tools_root).is_empty(), "{} uses the tools", path.display());
    }
    let manifest = fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml")).expect("Cargo.toml");
    let dependencies = manifest.split("[dependencies]").nth(1).and_then(|d| d.split("\n[").next()).unwrap_or("");
    for training in ["tools", "rayon", "zstd", "indicatif"] {
        assert!(!dependencies.contains(training), "the engine depends on {training}");
    }
}

#[test]
fn a_reach_into_the_search_is_found() {
    let modules: BTreeSet<String> = ["movegen", "score", "tt"].iter().map(|s| s.to_string()).collect();
    let path = |text: &str| text.split("::").map(str::to_string).collect::<Vec<_>>();
    assert!(reaches_into_the_search(&path("engine::search::tt::Bound"), &modules));
    assert!(!reaches_into_the_search(&path("engine::search::score::MATE"), &modules));
    assert!(!reaches_into_the_search(&path("engine::search::Job"), &modules));
    assert!(!reaches_into_the_search(&path("engine::position::movegen::legal_moves"), &modules));
}

#[test]
fn a_circle_is_found_when_there_is_one() {
    let edges = |list: &[&str]| list.iter().map(|s| s.to_string()).collect::<BTreeSet<_>>();
    let mut graph = BTreeMap::new();
    graph.insert("a".to_string(), edges(&["b"]));
    graph.insert("b".to_string(), edges(&["c"]));
    graph.insert("c".to_string(), edges(&["a"]));
    assert_eq!(find_cycle(&graph), Some(vec!["a".into(), "b".into(), "c".into(), "a".into()]));
    graph.insert("c".to_string(), edges(&[]));
    assert_eq!(find_cycle(&graph), None);
    let roots = edges(&["crate", "super", "self"]);
    let found = paths(&tokens("use super::{history::Entry, Flags};\nlet x = crate::eval::evaluate(b);"), &roots);
    assert!(found.contains(&vec!["super".to_string(), "history".to_string()]), "{found:?}");
    assert!(found.contains(&vec!["crate".to_string(), "eval".to_string(), "evaluate".to_string()]), "{found:?}");
}

#[test]
fn no_source_or_test_file_is_longer_than_the_limit() {
    let files = all_rust_files();
    assert!(files.iter().any(|p| p.ends_with("tests/layout.rs")), "tests/ read");
    assert!(files.iter().any(|p| p.ends_with("tools/src/lib.rs")), "tools/ read");
    let long: Vec<String> = files
        .iter()
        .map(|path| (path, fs::read_to_string(path).expect("source is readable").lines().count()))
        .filter(|(_, lines)| *lines > MAX_LINES)
        .map(|(path, lines)| format!("{}: {lines} lines", path.display()))
        .collect();
    assert!(long.is_empty(), "over {MAX_LINES} lines: {long:?}");
}

#[test]
fn sources_point_at_nothing_outside_a_clone_nor_at_the_ledger() {
    let mut files = Vec::new();
    source_files(&src_dir(), &mut files);
    source_files(&tools_dir().join("src"), &mut files);
    for path in files {
        let text = fs::read_to_string(&path).expect("source is readable");
        for needle in ["../shared", "RESULTS.md"] {
            assert!(!text.contains(needle), "{} mentions {needle}", path.display());
        }
    }
}

/// The code block of DEVELOPING.md's "Where things live".
fn developing_map() -> String {
    let text = fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("DEVELOPING.md")).expect("DEVELOPING.md");
    let section = text.split("## Where things live").nth(1).expect("the map's section");
    section.split("```").nth(1).expect("the map's code block").to_string()
}

#[test]
fn developing_map_matches_the_tree() {
    let map = developing_map();
    let files = all_rust_files();
    let names: BTreeSet<String> =
        files.iter().filter_map(|p| p.file_name()).map(|n| n.to_string_lossy().into_owned()).collect();
    // Every file the map names exists ...
    let named: Vec<&str> = map
        .split(|c: char| c.is_whitespace() || c == ',' || c == ':' || c == '(' || c == ')')
        .filter(|word| word.ends_with(".rs"))
        .collect();
    assert!(named.len() > 20, "too few files named: {named:?}");
    for word in &named {
        let name = word.rsplit('/').next().unwrap_or(word);
        assert!(names.contains(name), "DEVELOPING.md names {word}, which is not in the tree");
    }
    // ... and every folder of src/ and every file of the search is on the map.
    for entry in fs::read_dir(src_dir()).expect("src/") {
        let path = entry.expect("entry").path();
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let shown = if path.is_dir() { format!("src/{name}/") } else { name.clone() };
        assert!(map.contains(&shown), "DEVELOPING.md's map leaves out {shown}");
    }
    for entry in fs::read_dir(src_dir().join("search")).expect("src/search/") {
        let name = entry.expect("entry").file_name().to_string_lossy().into_owned();
        assert!(name == "mod.rs" || map.contains(&name), "DEVELOPING.md's map leaves out search/{name}");
    }
}

/// The files allowed to name the protocol, `uci::`, besides `uci/` itself: the binary's command
/// line, which starts the UCI loop, and this test, which spells the rule.
const PROTOCOL_FRONT_DOORS: [&str; 2] = ["src/main.rs", "tests/layout.rs"];
/// The one tool that drives the protocol: the fuzzer.
const PROTOCOL_TOOL: &str = "tools/src/bin/fuzz";

/// Whether the code of `text` (comments left out) names the engine's protocol module from outside
/// the engine's library: `engine::uci`.
fn names_the_protocol(text: &str) -> bool {
    text.lines().map(|line| line.split("//").next().unwrap_or("")).any(|code| code.contains("engine::uci"))
}

#[test]
fn nothing_outside_the_protocol_names_it_but_the_fuzzer() {
    let graph = module_graph(&src_dir());
    for (module, edges) in &graph {
        let inside = module == "crate::uci" || module.starts_with("crate::uci::");
        let reached: Vec<&String> =
            edges.iter().filter(|e| *e == "crate::uci" || e.starts_with("crate::uci::")).collect();
        assert!(inside || reached.is_empty(), "{module} names the protocol: {reached:?}");
    }
    assert!(graph["crate::uci"].contains("crate::search::score::wdl"), "the WDL model is read from the scores");
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for path in all_rust_files() {
        let relative = path.strip_prefix(root).expect("in the tree").to_string_lossy().replace('\\', "/");
        let allowed = PROTOCOL_FRONT_DOORS.contains(&relative.as_str()) || relative.starts_with(PROTOCOL_TOOL);
        let text = fs::read_to_string(&path).expect("source is readable");
        assert!(allowed || !names_the_protocol(&text), "{relative} names engine::uci");
    }
}

/// Files whose statics may change at run time: the log file's target, and the `tune` build's SPSA
/// parameters (`setoption` of a search parameter; compiled out of the engine users run).
const MUTABLE_STATICS_ALLOWED: [&str; 2] = ["src/uci/log_file.rs", "src/search/params.rs"];
/// Types that make a static writable after its start (write-once cells, `OnceLock`, `LazyLock` and
/// `Once`, are not among them).
const MUTABLE_TYPES: [&str; 5] = ["Mutex", "RwLock", "Atomic", "Cell", "static mut"];

/// The statics of `text` (comments left out) that can change once set: `static mut`, or a type with
/// interior mutability.
fn mutable_statics(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for line in text.lines() {
        let code = line.split("//").next().unwrap_or("");
        let Some(at) = code.find("static ") else { continue };
        let lifetime = code[..at].ends_with('\'');
        let item = code[at..].split('=').next().unwrap_or("");
        if !lifetime && item.contains(':') && MUTABLE_TYPES.iter().any(|kind| item.contains(kind)) {
            found.push(item.trim().to_string());
        }
    }
    found
}

#[test]
fn no_static_changes_at_run_time_outside_logging() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    source_files(&src_dir(), &mut files);
    source_files(&tools_dir().join("src"), &mut files);
    for path in files {
        let relative = path.strip_prefix(root).expect("in the tree").to_string_lossy().replace('\\', "/");
        let found = mutable_statics(&fs::read_to_string(&path).expect("source is readable"));
        assert!(MUTABLE_STATICS_ALLOWED.contains(&relative.as_str()) || found.is_empty(), "{relative}: {found:?}");
    }
    // The check reads the two files it allows, and finds what it should.
    let log_file = fs::read_to_string(src_dir().join("uci/log_file.rs")).expect("log_file.rs");
    assert!(!mutable_statics(&log_file).is_empty());
}

#[test]
fn the_protocol_and_static_checks_find_what_they_look_for() {
    assert!(names_the_protocol("use engine::uci::output::Output;"));
    assert!(names_the_protocol("let cp = ::engine::uci::wdl::normalised_cp(1);"));
    assert!(!names_the_protocol("// engine::uci in a comment\nuse engine::search::score::wdl;"));
    for mutable in [
        "static DONE: AtomicU64 = AtomicU64::new(0);",
        "pub static LINES: Mutex<Vec<String>> = Mutex::new(Vec::new());",
        "static mut COUNT: u32 = 0;",
        "    static FLAG: std::cell::Cell<bool> = Cell::new(false);",
    ] {
        assert_eq!(mutable_statics(mutable).len(), 1, "{mutable}");
    }
    for fixed in [
        "static TABLE: OnceLock<Table> = OnceLock::new();",
        "static BYTES: &[u8] = include_bytes!(\"net.nnue\");",
        "fn f(x: &'static Mutex<u8>) {}",
        "// static LOST: Mutex<u8> = Mutex::new(0);",
    ] {
        assert!(mutable_statics(fixed).is_empty(), "{fixed}");
    }
}

/// Longest row of a ledger table, in characters.
const MAX_LEDGER_ROW: usize = 300;

#[test]
fn ledger_rows_stay_short() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for ledger in ["bench/RESULTS.md", "nets/README.md"] {
        let text = fs::read_to_string(root.join(ledger)).expect("the ledger is readable");
        let rows: Vec<&str> = text.lines().filter(|line| line.starts_with('|')).collect();
        assert!(rows.len() > 20, "{ledger}: too few rows read");
        for (number, row) in rows.iter().enumerate() {
            let length = row.chars().count();
            assert!(length <= MAX_LEDGER_ROW, "{ledger}, table row {}: {length} characters", number + 1);
        }
    }
}
