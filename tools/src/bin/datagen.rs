//! `datagen ...` plays self-play games (see `tools::selfplay`); `datagen pack OUT FILE...` and
//! `datagen stats FILE...` pack and count their files (see `tools::data`); `datagen import-pgn OUT
//! IN.pgn...` turns fastchess and cutechess-cli games into such a file (see `tools::data::pgn`);
//! `datagen export --format bullet|viri OUT FILE...` writes them for bullet (`tools::data::export`); `datagen wdl FILE...
//! [--holdout FILE...]` fits the win/draw/loss model to them (see `tools::wdl`).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use tools::{data, selfplay, usage, wdl};

/// The commands, shown for `--help`, `-h`, no argument and a command line that names no command.
const USAGE: &str = "usage:
  datagen --seed S --out DIR [--games 1000] [--threads 1] [--nodes 5000] [--chess960 20] [--eval-file NET]
      self-play games into DIR (a seed's games are always the same: give each run its own seed)
  datagen pack OUT.zst FILE...       whole games of the files, zstd-compressed into one chunk
  datagen stats FILE...              games, positions, results and bytes a position
  datagen import-pgn OUT IN.pgn...   fastchess and cutechess-cli games into a games file
  datagen export --format bullet|viri [--skip-plies N] [--seed S] OUT IN...   data for bullet
  datagen wdl FILE... [--holdout FILE...]   the win/draw/loss model fitted to the games";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let Some(exit) = usage::shown(&args, USAGE) {
        return exit;
    }
    let paths = |from: usize| args.iter().skip(from).map(PathBuf::from).collect::<Vec<_>>();
    let outcome = match args.first().map(String::as_str) {
        Some("pack") if args.len() >= 3 => data::pack(Path::new(&args[1]), &paths(2)),
        Some("stats") if args.len() >= 2 => data::stats(&paths(1)),
        Some("import-pgn") if args.len() >= 3 => data::pgn::import(Path::new(&args[1]), &paths(2)),
        Some("export") => data::export::run(&args[1..]),
        Some("wdl") => wdl::run(&args[1..]),
        Some(first) if first.starts_with("--") => selfplay::parse(&args).and_then(|request| selfplay::run(&request)),
        _ => Err(format!("no command in '{}'\n{USAGE}", args.join(" "))),
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
