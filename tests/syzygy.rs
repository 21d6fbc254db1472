//! Syzygy probing through the engine's `syzygy` module: every position of an EPD with known WDL and
//! DTZ probes to them. The small tables of `tests/data/syzygy` always run; with `../shared` present,
//! all 200 positions of `syzygy_wdl_dtz.epd` over all 35 tables of 3 and 4 men.
//!
//! The probing crate allows one set of loaded tables per process, so this file loads one set, once.

use std::path::Path;
use std::str::FromStr;
use std::sync::OnceLock;

use cozy_chess::Board;
use engine::syzygy::Tablebases;

const SMALL: &str = "tests/data/syzygy";
const SHARED_TABLES: &str = "../shared/data/syzygy";
const SHARED_EPD: &str = "../shared/data/endgame/syzygy_wdl_dtz.epd";

fn shared_present() -> bool {
    Path::new(SHARED_TABLES).is_dir() && Path::new(SHARED_EPD).is_file()
}

fn tables() -> &'static Tablebases {
    static TABLES: OnceLock<Tablebases> = OnceLock::new();
    TABLES.get_or_init(|| {
        let path = if shared_present() { format!("{SMALL}:{SHARED_TABLES}") } else { SMALL.to_string() };
        Tablebases::load(&path).expect("the test tables load")
    })
}

/// A position's FEN, WDL and DTZ from an EPD line `FEN wdl_table N; wdl N; dtz N;`.
fn parse(line: &str) -> Option<(String, i32, i32)> {
    let fields: Vec<&str> = line.split_whitespace().collect();
    if fields.len() < 4 || line.starts_with('#') {
        return None;
    }
    let value = |name: &str| {
        let at = fields.iter().position(|f| *f == name)?;
        fields.get(at + 1)?.trim_end_matches(';').parse::<i32>().ok()
    };
    Some((format!("{} 0 1", fields[..4].join(" ")), value("wdl")?, value("dtz")?))
}

/// Probes every position of `epd`; returns (agreeing, total) and prints each disagreement.
fn check(epd: &str) -> (usize, usize) {
    let text = std::fs::read_to_string(epd).expect("EPD readable");
    let (mut good, mut total) = (0, 0);
    for (fen, wdl, dtz) in text.lines().filter_map(parse) {
        total += 1;
        let board = Board::from_str(&fen).expect("valid FEN");
        let probed = (tables().probe_wdl(&board).map(|w| w.value()), tables().probe_dtz(&board));
        if probed == (Some(wdl), Some(dtz)) {
            good += 1;
        } else {
            println!("{fen}: expected wdl {wdl} dtz {dtz}, probed {probed:?}");
        }
    }
    println!("{epd}: {good}/{total}");
    (good, total)
}

#[test]
fn the_small_tables_probe_their_positions() {
    let (good, total) = check("tests/data/syzygy/positions.epd");
    assert_eq!((good, total), (10, 10));
}

#[test]
fn all_200_positions_probe_to_their_wdl_and_dtz() {
    if !shared_present() {
        println!("../shared is not here: only the small tables are checked");
        return;
    }
    assert_eq!(check(SHARED_EPD), (200, 200));
}

#[test]
fn loading_reports_what_was_found() {
    let description = tables().describe();
    let expected = if shared_present() { "35 WDL and 35 DTZ tables" } else { "5 WDL and 5 DTZ tables" };
    assert!(description.starts_with(expected), "{description}");
    assert!(description.ends_with("up to 4 pieces"), "{description}");
}

#[test]
fn a_second_set_of_tables_is_refused_while_one_is_loaded() {
    let _loaded = tables();
    let refused = Tablebases::load(SMALL).err().expect("refused");
    assert!(refused.contains("other tables are still loaded"), "{refused}");
}

#[test]
fn positions_outside_the_tables_give_no_answer() {
    let castling = Board::from_str("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1").expect("FEN");
    assert_eq!(tables().probe_wdl(&castling), None);
    let five = Board::from_str("4k3/8/8/8/8/8/8/RR2K2R w - - 0 1").expect("FEN");
    assert_eq!(tables().probe_wdl(&five), None);
}
