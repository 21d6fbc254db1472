//! What the folders of a `SyzygyPath` hold, checked before the probing crate sees them.
//!
//! pyrrhic-rs counts a table it cannot open as present, and reads a damaged one unchecked. So the
//! engine reads the folders itself: the table files by name, each with the size and magic number the
//! Syzygy format gives, and refuses a path with a missing folder, a damaged file or no table at all.

use std::collections::BTreeSet;
use std::fs;
use std::path::Path;

/// First bytes of a WDL (`.rtbw`) and a DTZ (`.rtbz`) file.
const WDL_MAGIC: [u8; 4] = [0x71, 0xe8, 0x23, 0x5d];
const DTZ_MAGIC: [u8; 4] = [0xd7, 0x66, 0x0c, 0xa5];
/// Table files are 16 bytes longer than a multiple of 64.
const SIZE_MODULUS: u64 = 64;
const SIZE_REMAINDER: u64 = 16;

/// The tables found in the folders of a path.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Found {
    /// Material of each WDL table, as its file is named (`KRvK`).
    pub wdl: BTreeSet<String>,
    /// Material of each DTZ table.
    pub dtz: BTreeSet<String>,
}

impl Found {
    /// Most pieces (kings included) of any WDL table.
    pub fn largest(&self) -> u32 {
        self.wdl.iter().map(|name| name.len() as u32 - 1).max().unwrap_or(0)
    }
}

/// The folders of `path` (separated by `:`), empty parts left out.
pub fn folders(path: &str) -> Vec<&str> {
    path.split(':').map(str::trim).filter(|part| !part.is_empty()).collect()
}

/// Reads every folder of `path`: its WDL and DTZ tables, or what is wrong.
pub fn scan(path: &str) -> Result<Found, String> {
    let mut found = Found::default();
    for folder in folders(path) {
        let entries = fs::read_dir(folder).map_err(|e| format!("cannot read folder '{folder}': {e}"))?;
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            let Some((material, magic)) = table_name(&name) else { continue };
            check_file(&entry.path(), magic)?;
            let set = if magic == WDL_MAGIC { &mut found.wdl } else { &mut found.dtz };
            set.insert(material.to_string());
        }
    }
    if found.wdl.is_empty() {
        return Err(format!("no Syzygy WDL tables (.rtbw) in '{path}'"));
    }
    Ok(found)
}

/// The material and magic number of a table file's name (`KRvK.rtbw`), or `None` for other files.
fn table_name(name: &str) -> Option<(&str, [u8; 4])> {
    let (material, magic) = if let Some(material) = name.strip_suffix(".rtbw") {
        (material, WDL_MAGIC)
    } else {
        (name.strip_suffix(".rtbz")?, DTZ_MAGIC)
    };
    let (white, black) = material.split_once('v')?;
    let side_ok = |side: &str| side.starts_with('K') && side[1..].chars().all(|c| "QRBNP".contains(c));
    (side_ok(white) && side_ok(black)).then_some((material, magic))
}

fn check_file(path: &Path, magic: [u8; 4]) -> Result<(), String> {
    let shown = path.display();
    let bytes_ok = || -> std::io::Result<bool> {
        use std::io::Read;
        let mut file = fs::File::open(path)?;
        let size = file.metadata()?.len();
        let mut head = [0u8; 4];
        file.read_exact(&mut head)?;
        Ok(size % SIZE_MODULUS == SIZE_REMAINDER && head == magic)
    };
    match bytes_ok() {
        Ok(true) => Ok(()),
        Ok(false) => Err(format!("'{shown}' is not a Syzygy table (damaged or truncated)")),
        Err(e) => Err(format!("cannot read '{shown}': {e}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_names_are_material_and_kind() {
        assert_eq!(table_name("KRvK.rtbw"), Some(("KRvK", WDL_MAGIC)));
        assert_eq!(table_name("KQPvKR.rtbz"), Some(("KQPvKR", DTZ_MAGIC)));
        assert_eq!(table_name("KRvK.rtbm"), None);
        assert_eq!(table_name("README.rtbw"), None);
        assert_eq!(table_name("KXvK.rtbw"), None);
    }

    #[test]
    fn folders_split_on_colons() {
        assert_eq!(folders("/a:/b::/c "), vec!["/a", "/b", "/c"]);
        assert!(folders("").is_empty());
    }

    #[test]
    fn a_folder_without_tables_or_with_a_damaged_one_is_refused() {
        let dir = std::env::temp_dir().join(format!("syzygy-files-{}", std::process::id()));
        fs::create_dir_all(&dir).expect("temp dir");
        let path = dir.to_string_lossy().into_owned();
        assert!(scan(&path).unwrap_err().contains("no Syzygy WDL tables"));
        assert!(scan(&format!("{path}/missing")).unwrap_err().contains("cannot read folder"));
        let mut table = WDL_MAGIC.to_vec();
        table.resize(64 + 16, 0);
        fs::write(dir.join("KRvK.rtbw"), &table).expect("write");
        let found = scan(&path).expect("a table");
        assert_eq!(found.largest(), 3);
        fs::write(dir.join("KQvK.rtbw"), &table[..70]).expect("write");
        assert!(scan(&path).unwrap_err().contains("damaged or truncated"));
        fs::remove_dir_all(&dir).expect("clean up");
    }
}
