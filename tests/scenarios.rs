//! Deterministic search scenarios for the draw rules, run through the built `engine` binary.
//!
//! Every scenario of `tests/data/scenarios.txt` is a position (FEN plus optional moves), a few
//! options (`Rule50`, `Contempt`, `UCI_Chess960`) and a fixed `go depth`. Each search starts after
//! `ucinewgame` with a single search thread, so node counts, scores and moves are reproducible. The
//! test reads the `bestmove` and the last `info depth` line and checks what the table asks:
//! the best move is in a set of allowed moves and/or outside a set of forbidden ones, the score has the
//! right sign, is a draw (`cp` within 5 of 0), a given mate or lies in a range, the PV stops exactly
//! where the draw or mate happens, and `d` shows the expected state (before the search, after a given
//! move, after the whole PV). The `info string draw claimable: ...` line must come first exactly when
//! the position is a claimable draw, and the best move must always be legal.
//!
//! The categories:
//!  1. the winning side resets the clock (pawn move or capture) before the fifty-move limit;
//!  2. the losing side keeps the clock running instead of resetting it;
//!  3. a perpetual check when down a queen's worth of material;
//!  4. a threefold repetition refused when a piece up and taken when a piece down;
//!  5. a threefold repetition whose first occurrence followed a double push without a legal
//!     en-passant capture (and a control where the capture was legal);
//!  6. mate on the 100th ply beats the fifty-move rule;
//!  7. a mate that cannot be delivered before the limit is scored as a draw;
//!  8. Chess960 positions that differ only in castling rights are not repetitions;
//!  9. the `Rule50` option (off, 75 and 100 moves; the automatic draw at 1.5 times the limit);
//! 10. `Contempt` decides whether an equal position is drawn by repetition or by the fifty-move rule;
//! 11. `go` in a claimable draw announces it and still answers a legal move;
//! 12. the PV ends at the move that makes the draw (many scenarios of other categories check it too).
//!
//! Each category is one test, so a failure names its category; all scenarios of the category still
//! run and the failure message lists every scenario that went wrong, with its position, options,
//! depth, best move and `info` lines. Every expectation was checked independently with python-chess
//! (`tests/data/verify_scenarios.py`): legality, which moves reset the clock, repetition counts,
//! mates and perpetual checks.

#[path = "common/engine.rs"]
mod engine;

use std::collections::HashSet;
use std::fmt::Write as _;
use std::time::{Duration, Instant};

use engine::{Engine, SEARCH_TIMEOUT};

const TABLE: &str = include_str!("data/scenarios.txt");
const TABLE_PATH: &str = "tests/data/scenarios.txt";
/// The options every scenario starts from, before its own.
const DEFAULT_OPTIONS: [(&str, &str); 3] = [("Rule50", "50"), ("Contempt", "0"), ("UCI_Chess960", "false")];
/// A draw score: `cp` within this of 0.
const DRAW_MARGIN: i32 = 5;
/// A "large" score for `win`.
const WIN_CP: i32 = 300;
/// Searches are chosen to take well under a second; one taking this long is reported as slow.
const SLOW_SEARCH: Duration = Duration::from_secs(1);
/// A search taking longer than this fails the scenario (something is badly wrong).
const MAX_SEARCH: Duration = Duration::from_secs(10);

// ---------------------------------------------------------------------------------------------
// The table.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ScoreSpec {
    Positive,
    Negative,
    Draw,
    /// Mate for the side to move, or at least `WIN_CP`.
    Win,
    Mate(i32),
    Range(i32, i32),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Score {
    Cp(i32),
    Mate(i32),
}

impl std::fmt::Display for Score {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Score::Cp(cp) => write!(f, "cp {cp}"),
            Score::Mate(n) => write!(f, "mate {n}"),
        }
    }
}

impl ScoreSpec {
    fn parse(text: &str) -> Result<ScoreSpec, String> {
        let words: Vec<&str> = text.split_whitespace().collect();
        match words.as_slice() {
            ["+"] => Ok(ScoreSpec::Positive),
            ["-"] => Ok(ScoreSpec::Negative),
            ["="] => Ok(ScoreSpec::Draw),
            ["win"] => Ok(ScoreSpec::Win),
            ["mate", n] => n.parse().map(ScoreSpec::Mate).map_err(|e| format!("mate {n}: {e}")),
            ["cp", range] => {
                let (low, high) = range.split_once("..").ok_or_else(|| format!("cp range {range:?} needs A..B"))?;
                let low = low.parse().map_err(|e| format!("cp range {range:?}: {e}"))?;
                let high = high.parse().map_err(|e| format!("cp range {range:?}: {e}"))?;
                Ok(ScoreSpec::Range(low, high))
            }
            _ => Err(format!("unknown score expectation {text:?}")),
        }
    }

    fn accepts(self, score: Score) -> bool {
        match (self, score) {
            (ScoreSpec::Positive, Score::Cp(cp)) => cp > DRAW_MARGIN,
            (ScoreSpec::Negative, Score::Cp(cp)) => cp < -DRAW_MARGIN,
            (ScoreSpec::Draw, Score::Cp(cp)) => cp.abs() <= DRAW_MARGIN,
            (ScoreSpec::Win, Score::Cp(cp)) => cp >= WIN_CP,
            (ScoreSpec::Range(low, high), Score::Cp(cp)) => (low..=high).contains(&cp),
            (ScoreSpec::Positive | ScoreSpec::Win, Score::Mate(n)) => n > 0,
            (ScoreSpec::Negative, Score::Mate(n)) => n < 0,
            (ScoreSpec::Mate(expected), Score::Mate(n)) => n == expected,
            _ => false,
        }
    }

    fn describe(self) -> String {
        match self {
            ScoreSpec::Positive => format!("positive (cp > {DRAW_MARGIN} or mate > 0)"),
            ScoreSpec::Negative => format!("negative (cp < -{DRAW_MARGIN} or mate < 0)"),
            ScoreSpec::Draw => format!("a draw (cp within {DRAW_MARGIN} of 0)"),
            ScoreSpec::Win => format!("winning (mate > 0 or cp >= {WIN_CP})"),
            ScoreSpec::Mate(n) => format!("mate {n}"),
            ScoreSpec::Range(low, high) => format!("cp {low}..{high}"),
        }
    }
}

#[derive(Clone, Debug, Default)]
struct Scenario {
    name: String,
    /// Line of the `[name]` header in the table.
    line: usize,
    category: u32,
    also: Vec<u32>,
    fen: String,
    moves: Vec<String>,
    options: Vec<(String, String)>,
    depth: u32,
    best: Vec<String>,
    avoid: Vec<String>,
    score: Option<ScoreSpec>,
    pv_len: Option<usize>,
    pv_end_state: Option<String>,
    state: Option<String>,
    after: Option<(String, String)>,
    claim: Option<String>,
}

impl Scenario {
    fn categories(&self) -> impl Iterator<Item = u32> + '_ {
        std::iter::once(self.category).chain(self.also.iter().copied())
    }

    fn has_expectation(&self) -> bool {
        !self.best.is_empty()
            || !self.avoid.is_empty()
            || self.score.is_some()
            || self.pv_len.is_some()
            || self.pv_end_state.is_some()
            || self.state.is_some()
            || self.after.is_some()
            || self.claim.is_some()
    }

    fn options_text(&self) -> String {
        if self.options.is_empty() {
            "(defaults)".to_string()
        } else {
            self.options.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join(" ")
        }
    }
}

fn words(value: &str) -> Vec<String> {
    value.split_whitespace().map(str::to_string).collect()
}

fn set_field(scenario: &mut Scenario, key: &str, value: &str) -> Result<(), String> {
    let number = |what: &str| value.parse::<u32>().map_err(|e| format!("{what} {value:?}: {e}"));
    match key {
        "category" => scenario.category = number("category")?,
        "also" => {
            for word in value.split_whitespace() {
                scenario.also.push(word.parse().map_err(|e| format!("also {word:?}: {e}"))?);
            }
        }
        "fen" => scenario.fen = value.to_string(),
        "moves" => scenario.moves = words(value),
        "options" => {
            for pair in value.split_whitespace() {
                let (name, val) = pair.split_once('=').ok_or_else(|| format!("option {pair:?} needs Name=value"))?;
                scenario.options.push((name.to_string(), val.to_string()));
            }
        }
        "depth" => scenario.depth = number("depth")?,
        "best" => scenario.best = words(value),
        "avoid" => scenario.avoid = words(value),
        "score" => scenario.score = Some(ScoreSpec::parse(value)?),
        "pv_len" => scenario.pv_len = Some(number("pv_len")? as usize),
        "pv_end_state" => scenario.pv_end_state = Some(value.to_string()),
        "state" => scenario.state = Some(value.to_string()),
        "after" => {
            let (mv, state) = value.split_once(' ').ok_or_else(|| format!("after {value:?} needs <move> <state>"))?;
            scenario.after = Some((mv.to_string(), state.trim().to_string()));
        }
        "claim" => scenario.claim = Some(value.to_string()),
        // Documentation, and the name of the python-chess check in verify_scenarios.py.
        "line" | "note" | "check" => {}
        _ => return Err(format!("unknown key {key:?}")),
    }
    Ok(())
}

fn parse_table(text: &str) -> Result<Vec<Scenario>, String> {
    let mut scenarios: Vec<Scenario> = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let number = index + 1;
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(name) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            scenarios.push(Scenario { name: name.to_string(), line: number, ..Scenario::default() });
            continue;
        }
        let (key, value) = line.split_once('=').ok_or_else(|| format!("line {number}: expected `key = value`"))?;
        let scenario = scenarios.last_mut().ok_or_else(|| format!("line {number}: key before the first [name]"))?;
        set_field(scenario, key.trim(), value.trim()).map_err(|e| format!("line {number}: {e}"))?;
    }
    for scenario in &scenarios {
        let problem = if scenario.fen.is_empty() {
            Some("no fen")
        } else if scenario.depth == 0 {
            Some("no depth")
        } else if !(1..=12).contains(&scenario.category) || scenario.also.iter().any(|c| !(1..=12).contains(c)) {
            Some("category outside 1..12")
        } else if !scenario.has_expectation() {
            Some("no expectation")
        } else {
            None
        };
        if let Some(problem) = problem {
            return Err(format!("scenario {} (line {}): {problem}", scenario.name, scenario.line));
        }
    }
    Ok(scenarios)
}

fn table() -> Vec<Scenario> {
    parse_table(TABLE).unwrap_or_else(|e| panic!("{TABLE_PATH}: {e}"))
}

// ---------------------------------------------------------------------------------------------
// Running a scenario.

/// `position fen <fen> [moves ...]`.
fn position_command(fen: &str, moves: &[String]) -> String {
    if moves.is_empty() {
        format!("position fen {fen}")
    } else {
        format!("position fen {fen} moves {}", moves.join(" "))
    }
}

/// Sets the position and shows it with `d`; an error line from `position` is a problem.
fn state_of(engine: &mut Engine, position: &str, problems: &mut Vec<String>) -> String {
    engine.send(position);
    let before = engine.is_ready();
    if !before.is_empty() {
        problems.push(format!("`{position}` answered {before:?}"));
    }
    engine.display().state
}

fn parse_score(info: &str) -> Option<Score> {
    let tokens: Vec<&str> = info.split_whitespace().collect();
    let at = tokens.iter().position(|t| *t == "score")?;
    let value = tokens.get(at + 2)?.parse().ok()?;
    match *tokens.get(at + 1)? {
        "cp" => Some(Score::Cp(value)),
        "mate" => Some(Score::Mate(value)),
        _ => None,
    }
}

fn parse_pv(info: &str) -> Vec<String> {
    let tokens: Vec<&str> = info.split_whitespace().collect();
    match tokens.iter().position(|t| *t == "pv") {
        Some(at) => tokens[at + 1..].iter().map(|s| s.to_string()).collect(),
        None => Vec::new(),
    }
}

fn parse_depth(info: &str) -> Option<u32> {
    let tokens: Vec<&str> = info.split_whitespace().collect();
    let at = tokens.iter().position(|t| *t == "depth")?;
    tokens.get(at + 1)?.parse().ok()
}

struct Outcome {
    name: String,
    elapsed: Duration,
    bestmove: String,
    score: Option<Score>,
    pv: Vec<String>,
    problems: Vec<String>,
    report: String,
}

fn run_scenario(engine: &mut Engine, scenario: &Scenario) -> Outcome {
    let mut problems = Vec::new();
    engine.send("ucinewgame");
    let defaults = DEFAULT_OPTIONS.iter().map(|(name, value)| (name.to_string(), value.to_string()));
    for (name, value) in defaults.chain(scenario.options.iter().cloned()) {
        let answer = engine.set_option(&name, &value);
        if !answer.is_empty() {
            problems.push(format!("setoption {name}={value} answered {answer:?}"));
        }
    }
    let position = position_command(&scenario.fen, &scenario.moves);
    let state = state_of(engine, &position, &mut problems);
    if let Some(expected) = &scenario.state {
        if &state != expected {
            problems.push(format!("`d` before the search shows State: {state}, expected {expected}"));
        }
    }
    let legal = engine.legal_moves();
    let listed = scenario.best.iter().chain(&scenario.avoid).chain(scenario.after.iter().map(|(mv, _)| mv));
    for mv in listed {
        if !legal.contains(mv) {
            problems.push(format!("table error: {mv} is not a legal move here (legal: {legal:?})"));
        }
    }

    let start = Instant::now();
    let search = engine.go(&format!("depth {}", scenario.depth), SEARCH_TIMEOUT);
    let elapsed = search.at.saturating_duration_since(start);
    if elapsed > MAX_SEARCH {
        problems.push(format!("the search took {elapsed:?} (limit {MAX_SEARCH:?})"));
    }
    let infos: Vec<&String> = search.iterations();
    let last_info = infos.last().map(|s| s.as_str()).unwrap_or_default();
    let score = parse_score(last_info);
    let pv = parse_pv(last_info);
    let bestmove = search.bestmove.clone();

    // Protocol: legal answer, errors, the claim announcement, a complete last iteration.
    if !legal.contains(&bestmove) {
        problems.push(format!("bestmove {bestmove} is not legal (legal: {legal:?})"));
    }
    if let Some(error) = search.lines.iter().find(|l| l.starts_with("info string error")) {
        problems.push(format!("the search printed {error:?}"));
    }
    let claims: Vec<&String> = search.lines.iter().filter(|l| l.starts_with("info string draw claimable")).collect();
    match &scenario.claim {
        Some(claim) => {
            let expected = format!("info string draw claimable: {claim}");
            let first = search.lines.first();
            if first != Some(&expected) {
                problems.push(format!("the first line of the search is {first:?}, expected {expected:?}"));
            }
            if claims.len() != 1 {
                problems.push(format!("{} `draw claimable` lines, expected one", claims.len()));
            }
        }
        None => {
            if !claims.is_empty() {
                problems.push(format!("unexpected {:?}", claims[0]));
            }
        }
    }
    if infos.is_empty() {
        problems.push("no `info depth` line".to_string());
    } else if parse_depth(last_info) != Some(scenario.depth) {
        problems.push(format!("the last info line is not depth {}: {last_info:?}", scenario.depth));
    }
    if pv.first() != Some(&bestmove) {
        problems.push(format!("bestmove {bestmove} is not the first move of the PV {pv:?}"));
    }

    // The expectations of the table.
    if !scenario.best.is_empty() && !scenario.best.contains(&bestmove) {
        problems.push(format!("bestmove {bestmove} is not one of {:?}", scenario.best));
    }
    if scenario.avoid.contains(&bestmove) {
        problems.push(format!("bestmove {bestmove} is one of the moves to avoid {:?}", scenario.avoid));
    }
    if let Some(spec) = scenario.score {
        match score {
            Some(found) if spec.accepts(found) => {}
            Some(found) => problems.push(format!("score {found}, expected {}", spec.describe())),
            None => problems.push(format!("no score in {last_info:?}")),
        }
    }
    if let Some(expected) = scenario.pv_len {
        if pv.len() != expected {
            problems.push(format!("the PV has {} moves, expected exactly {expected}: {}", pv.len(), pv.join(" ")));
        }
    }
    if let Some(expected) = &scenario.pv_end_state {
        if !pv.is_empty() {
            let mut line = scenario.moves.clone();
            line.extend(pv.iter().cloned());
            let at_end = state_of(engine, &position_command(&scenario.fen, &line), &mut problems);
            line.pop();
            let before_end = state_of(engine, &position_command(&scenario.fen, &line), &mut problems);
            if &at_end != expected || before_end != "none" {
                problems.push(format!(
                    "after the PV `d` shows State: {at_end} (one move earlier: {before_end}), expected {expected} \
                     (and none one move earlier)"
                ));
            }
        }
    }
    if let Some((mv, expected)) = &scenario.after {
        let mut line = scenario.moves.clone();
        line.push(mv.clone());
        let state = state_of(engine, &position_command(&scenario.fen, &line), &mut problems);
        if &state != expected {
            problems.push(format!("after {mv} `d` shows State: {state}, expected {expected}"));
        }
    }

    let mut report = String::new();
    let categories: Vec<String> = scenario.categories().map(|c| c.to_string()).collect();
    let (name, line, categories) = (&scenario.name, scenario.line, categories.join(", "));
    let _ = writeln!(report, "scenario {name} ({TABLE_PATH} line {line}), category {categories}");
    let _ = writeln!(report, "  {position}");
    let _ = writeln!(report, "  options: {}", scenario.options_text());
    let _ = writeln!(report, "  go depth {} -> bestmove {bestmove} in {:.3} s", scenario.depth, elapsed.as_secs_f64());
    for info in &infos {
        let _ = writeln!(report, "    {info}");
    }
    Outcome { name: scenario.name.clone(), elapsed, bestmove, score, pv, problems, report }
}

/// Runs every scenario whose main category is `category` in one engine, prints one line per
/// scenario and fails with the details of all that went wrong.
fn run_category(category: u32) {
    let scenarios: Vec<Scenario> = table().into_iter().filter(|s| s.category == category).collect();
    assert!(!scenarios.is_empty(), "no scenario of category {category}");
    let mut engine = Engine::spawn();
    engine.handshake();
    let mut failures = String::new();
    let mut total = Duration::ZERO;
    for scenario in &scenarios {
        let outcome = run_scenario(&mut engine, scenario);
        total += outcome.elapsed;
        let verdict = if outcome.problems.is_empty() { "PASS" } else { "FAIL" };
        let slow = if outcome.elapsed > SLOW_SEARCH { " SLOW" } else { "" };
        let score = outcome.score.map_or("-".to_string(), |s| s.to_string());
        println!(
            "{verdict} [{category:>2}] {:<56} {:>6.3} s{slow}  bestmove {:<6} score {:<9} pv {}",
            outcome.name,
            outcome.elapsed.as_secs_f64(),
            outcome.bestmove,
            score,
            outcome.pv.join(" ")
        );
        if !outcome.problems.is_empty() {
            let _ = write!(failures, "{}", outcome.report);
            for problem in &outcome.problems {
                let _ = writeln!(failures, "  PROBLEM: {problem}");
            }
            failures.push('\n');
        }
    }
    println!("category {category}: {} scenarios, {:.3} s searching", scenarios.len(), total.as_secs_f64());
    assert!(failures.is_empty(), "category {category} scenarios failed:\n\n{failures}");
}

// ---------------------------------------------------------------------------------------------
// The tests.

#[test]
fn the_table_covers_every_category() {
    let scenarios = table();
    assert!(scenarios.len() >= 24, "only {} scenarios", scenarios.len());
    let mut names = HashSet::new();
    for scenario in &scenarios {
        assert!(names.insert(scenario.name.as_str()), "duplicate scenario name {}", scenario.name);
        assert!(scenario.depth <= 10, "{}: depth {} is too deep for a quick suite", scenario.name, scenario.depth);
    }
    for category in 1..=12 {
        let count = scenarios.iter().filter(|s| s.categories().any(|c| c == category)).count();
        let needed = if category == 11 { 1 } else { 2 };
        assert!(count >= needed, "category {category} has {count} scenarios, needs {needed}");
    }
    // The score expectations parse as intended.
    assert!(ScoreSpec::Draw.accepts(Score::Cp(-5)) && !ScoreSpec::Draw.accepts(Score::Cp(6)));
    assert!(!ScoreSpec::Draw.accepts(Score::Mate(3)));
    assert!(ScoreSpec::Win.accepts(Score::Mate(7)) && !ScoreSpec::Win.accepts(Score::Cp(299)));
    assert_eq!(ScoreSpec::parse("cp -99..99"), Ok(ScoreSpec::Range(-99, 99)));
    assert_eq!(parse_score("info depth 3 score mate -2 nodes 5 pv a1a2"), Some(Score::Mate(-2)));
    assert_eq!(parse_pv("info depth 3 score cp 0 nodes 5 pv a1a2 b7b8"), vec!["a1a2", "b7b8"]);
}

#[test]
fn category_01_winning_side_resets_the_clock_in_time() {
    run_category(1);
}

#[test]
fn category_02_losing_side_lets_the_clock_run() {
    run_category(2);
}

#[test]
fn category_03_perpetual_check_when_down_a_queen() {
    run_category(3);
}

#[test]
fn category_04_repetition_refused_when_ahead_taken_when_behind() {
    run_category(4);
}

#[test]
fn category_05_threefold_after_a_double_push_without_en_passant() {
    run_category(5);
}

#[test]
fn category_06_mate_on_the_hundredth_ply() {
    run_category(6);
}

#[test]
fn category_07_mate_beyond_the_limit_is_a_draw() {
    run_category(7);
}

#[test]
fn category_08_chess960_castling_rights_in_repetitions() {
    run_category(8);
}

#[test]
fn category_09_rule50_option() {
    run_category(9);
}

#[test]
fn category_10_contempt() {
    run_category(10);
}

#[test]
fn category_11_claimable_draw_announced() {
    run_category(11);
}

#[test]
fn category_12_pv_stops_at_the_draw() {
    run_category(12);
}
