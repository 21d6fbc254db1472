//! A fresh temporary folder for one test's output, shared by the tools' tests.

use std::path::PathBuf;

/// An empty folder `engine-<label>-<pid>` in the system's temporary directory.
pub fn scratch(label: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("engine-{label}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}
