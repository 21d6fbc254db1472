//! The king-bucket layout as the tools' command lines give it: `none`, or 32 bucket numbers for
//! the own king on a1 b1 c1 d1 a2 .. d8, the board mirrored so that it stands on the a-d files
//! (the order and meaning of bullet's `ChessBucketsMirrored::new`).

use engine::nnue::features::InputLayout;

/// The layout `text` names.
pub fn parse_king_buckets(text: &str) -> Result<InputLayout, String> {
    if text == "none" {
        return Ok(InputLayout::plain());
    }
    let numbers: Vec<u8> = text
        .split(',')
        .map(|b| b.trim().parse())
        .collect::<Result<_, _>>()
        .map_err(|_| format!("--king-buckets: '{text}' is not a list of bucket numbers"))?;
    let half: [u8; 32] = numbers
        .try_into()
        .map_err(|n: Vec<u8>| format!("--king-buckets: {} buckets given, 32 needed (a1 b1 c1 d1 a2 .. d8)", n.len()))?;
    InputLayout::mirrored_from_half(half).map_err(|e| format!("--king-buckets: {e}"))
}

/// The text `parse_king_buckets` reads back as `layout` (mirrored or plain layouts only).
pub fn king_buckets_text(layout: &InputLayout) -> String {
    if layout.is_plain() {
        return "none".to_string();
    }
    layout.half().iter().map(ToString::to_string).collect::<Vec<_>>().join(",")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn king_buckets_are_read_for_the_a_to_d_files_and_mirrored() {
        let list = "0,0,1,1, 2,2,2,2, 3,3,3,3, 3,3,3,3, 4,4,4,4, 4,4,4,4, 4,4,4,4, 4,4,4,4";
        let layout = parse_king_buckets(list).expect("a good list");
        assert!(layout.mirrored());
        assert_eq!(layout.buckets(), 5);
        assert_eq!(&layout.king_buckets()[..8], &[0, 0, 1, 1, 1, 1, 0, 0]);
        assert_eq!(layout.king_buckets()[63], 4);
        assert_eq!(parse_king_buckets(&king_buckets_text(&layout)), Ok(layout));
        assert_eq!(parse_king_buckets("none"), Ok(InputLayout::plain()));
        assert_eq!(king_buckets_text(&InputLayout::plain()), "none");
        assert!(parse_king_buckets("0,1,2").is_err_and(|e| e.contains("3 buckets given")));
        assert!(parse_king_buckets("x").is_err());
        let skipped = list.replace('4', "7");
        assert!(parse_king_buckets(&skipped).is_err_and(|e| e.contains("unused")));
    }
}
