//! `datagen ...` plays self-play games (see `tools::selfplay`); `datagen pack OUT FILE...` and
//! `datagen stats FILE...` pack and count their files (see `tools::data`); `datagen import-pgn OUT
//! IN.pgn...` turns fastchess and cutechess-cli games into such a file (see `tools::data::pgn`);
//! `datagen export --format bullet|viri OUT FILE...` writes them for bullet (`tools::data::export`); `datagen wdl FILE...
//! [--holdout FILE...]` fits the win/draw/loss model to them (see `tools::wdl`).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use tools::{data, selfplay, wdl};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let paths = |from: usize| args.iter().skip(from).map(PathBuf::from).collect::<Vec<_>>();
    let outcome = match args.first().map(String::as_str) {
        Some("pack") if args.len() >= 3 => data::pack(Path::new(&args[1]), &paths(2)),
        Some("stats") if args.len() >= 2 => data::stats(&paths(1)),
        Some("import-pgn") if args.len() >= 3 => data::pgn::import(Path::new(&args[1]), &paths(2)),
        Some("export") => data::export::run(&args[1..]),
        Some("wdl") => wdl::run(&args[1..]),
        _ => selfplay::parse(&args).and_then(|request| selfplay::run(&request)),
    };
    match outcome {
        Ok(summary) => {
            println!("{summary}");
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("datagen: {error}");
            ExitCode::from(2)
        }
    }
}
