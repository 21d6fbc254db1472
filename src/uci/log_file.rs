//! The `Debug Log File` option: every line in and out, through `log` into a file that can be switched
//! at run time. simplelog's WriteLogger formats; `SwitchableFile` decides where the bytes go.

use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::sync::{Mutex, Once};

use log::LevelFilter;
use simplelog::{ConfigBuilder, WriteLogger};

static TARGET: Mutex<Option<File>> = Mutex::new(None);
static INIT: Once = Once::new();

/// Writes to the current log file, or nowhere.
struct SwitchableFile;

impl Write for SwitchableFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match TARGET.lock() {
            Ok(mut target) => match target.as_mut() {
                Some(file) => file.write(buf),
                None => Ok(buf.len()),
            },
            Err(_) => Ok(buf.len()),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match TARGET.lock() {
            Ok(mut target) => target.as_mut().map_or(Ok(()), |file| file.flush()),
            Err(_) => Ok(()),
        }
    }
}

/// Installs the logger once; logging stays off until a file is set.
pub fn init() {
    INIT.call_once(|| {
        // RFC 3339 time stamps carry the fraction of a second: a log must show where milliseconds go.
        let config = ConfigBuilder::new().set_time_format_rfc3339().build();
        let _ = WriteLogger::init(LevelFilter::Info, config, SwitchableFile);
        log::set_max_level(LevelFilter::Off);
    });
}

/// Logs to `path` (appending), or stops logging when `path` is empty.
pub fn set_path(path: &str) -> Result<(), String> {
    init();
    let file = if path.is_empty() {
        None
    } else {
        let file = OpenOptions::new().create(true).append(true).open(path);
        Some(file.map_err(|e| format!("cannot open log file '{path}': {e}"))?)
    };
    let enabled = file.is_some();
    match TARGET.lock() {
        Ok(mut target) => *target = file,
        Err(_) => return Err("log file lock poisoned".to_string()),
    }
    log::set_max_level(if enabled { LevelFilter::Info } else { LevelFilter::Off });
    Ok(())
}
