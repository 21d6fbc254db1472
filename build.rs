//! Chooses the network built into the binary: `nets/net3.nnue`, or the file the `EVALFILE`
//! environment variable names (OpenBench builds the binaries of a network test with
//! `make EVALFILE=/path/net.nnue`, as `make` passes it on). The file must be the engine's own
//! network format; bullet's output is converted first (`train import-bullet`).

use std::path::PathBuf;

const DEFAULT: &str = "nets/net3.nnue";
const MAGIC: &[u8] = b"CZNN";

fn main() {
    println!("cargo:rerun-if-env-changed=EVALFILE");
    let chosen = std::env::var_os("EVALFILE").filter(|v| !v.is_empty()).map_or(PathBuf::from(DEFAULT), PathBuf::from);
    println!("cargo:rerun-if-changed={}", chosen.display());
    let bytes = std::fs::read(&chosen).unwrap_or_else(|e| panic!("EVALFILE {}: {e}", chosen.display()));
    if !bytes.starts_with(MAGIC) {
        panic!(
            "EVALFILE {}: not an engine network file (convert bullet's with `train import-bullet`)",
            chosen.display()
        );
    }
    let out_dir = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    std::fs::write(out_dir.join("net.nnue"), &bytes).expect("OUT_DIR is writable");
    let name = chosen.file_name().map_or_else(|| DEFAULT.into(), |n| n.to_string_lossy().into_owned());
    println!("cargo:rustc-env=EMBEDDED_NET_NAME={name}");
}
