//! What every contributor tool does before any work: its usage for `--help` or `-h` (on stdout, a
//! success) and for no argument at all (on stderr, an error), so that nothing starts unasked.

use std::process::ExitCode;

/// The exit of a tool that was asked for its usage, or given nothing to do; `None` when `args` ask
/// for work.
pub fn shown(args: &[String], usage: &str) -> Option<ExitCode> {
    if args.is_empty() {
        eprintln!("{usage}");
        return Some(ExitCode::from(2));
    }
    if args.iter().any(|arg| arg == "--help" || arg == "-h") {
        println!("{usage}");
        return Some(ExitCode::SUCCESS);
    }
    None
}
