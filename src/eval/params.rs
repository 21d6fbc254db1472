//! The evaluation's parameters: where each term's weights sit in `weights::WEIGHTS`, and their names.
//!
//! Every term of the evaluation is a weight (a middlegame/endgame pair) times a count, so the
//! evaluation is linear in the weights and the Texel tuner (`src/bin/tune.rs`) can fit them all.

/// A group of consecutive parameters: one evaluation term, possibly indexed (by square, rank, count).
#[derive(Clone, Copy, Debug)]
pub struct Group {
    pub name: &'static str,
    pub start: usize,
    pub len: usize,
}

macro_rules! layout {
    ($($konst:ident $name:literal $len:expr;)*) => {
        layout!(@consts 0usize; $($konst $len;)*);
        /// Every parameter group, in order.
        pub const GROUPS: &[Group] = &[$(Group { name: $name, start: $konst, len: $len }),*];
    };
    (@consts $offset:expr; $konst:ident $len:expr; $($rest:tt)*) => {
        pub const $konst: usize = $offset;
        layout!(@consts $offset + $len; $($rest)*);
    };
    (@consts $offset:expr;) => {
        /// Number of parameters.
        pub const PARAM_COUNT: usize = $offset;
    };
}

layout! {
    MATERIAL "material" 6;
    PST "piece-square" 6 * 64;
    KNIGHT_MOBILITY "knight mobility" 9;
    BISHOP_MOBILITY "bishop mobility" 14;
    ROOK_MOBILITY "rook mobility" 15;
    QUEEN_MOBILITY "queen mobility" 28;
    PASSED "passed pawn by rank" 8;
    PASSED_OWN_KING "passed pawn, own king distance by rank" 8;
    PASSED_THEIR_KING "passed pawn, their king distance by rank" 8;
    PASSED_FREE "passed pawn, free path" 8;
    PASSED_SAFE_STOP "passed pawn, safe stop square by rank" 8;
    ISOLATED "isolated pawn" 1;
    DOUBLED "doubled pawn" 1;
    BACKWARD "backward pawn" 1;
    PHALANX "pawn phalanx by rank" 8;
    SUPPORTED "supported pawn by rank" 8;
    BISHOP_PAIR "bishop pair" 1;
    ROOK_OPEN "rook on open file" 1;
    ROOK_SEMI_OPEN "rook on semi-open file" 1;
    SHIELD_NEAR "king shield, next rank" 1;
    SHIELD_FAR "king shield, second rank" 1;
    KING_OPEN_FILE "king on or beside open file" 1;
    KING_ATTACK "king zone attacks by piece" 6;
    KING_ATTACKERS "king zone attackers (count)" 8;
    THREAT_BY_PAWN "pawn attacks a piece" 1;
    THREAT_BY_MINOR "minor attacks rook or queen" 1;
    THREAT_BY_ROOK "rook attacks queen" 1;
    HANGING "undefended piece attacked" 1;
    CORNERED_BISHOP "cornered bishop blocked by pawn" 1;
    TEMPO "tempo" 1;
    ROOK_SEVENTH "rook on the seventh rank" 1;
    OUTPOST "minor on an outpost (knight, bishop)" 2;
    SAFE_CHECK "safe check by piece" 4;
    THREAT_MINOR_ON_MINOR "minor attacks a minor no pawn defends" 1;
    THREAT_ROOK_ON_MINOR "rook attacks a minor no pawn defends" 1;
    THREAT_BY_KING "king attacks an undefended piece or pawn" 1;
    THREAT_PAWN_PUSH "safe pawn push attacks a piece" 1;
    BISHOP_PAWNS "own pawns on the bishop's colour" 1;
    SPACE "safe central squares behind the pawns" 1;
    PINNED "piece pinned to its king" 1;
    ROOK_BEHIND_PASSER "rook behind an own passed pawn" 1;
    CANDIDATE "candidate passed pawn by rank" 8;
    KING_PAWN_DISTANCE "king distance to the nearest own pawn" 1;
    WEAK_PAWN_ATTACKED "pawn no pawn defends, attacked by a piece" 1;
    KING_FLANK_ATTACK "enemy attacks on the king's flank (once, twice)" 2;
    KING_ZONE_WEAK "king zone square attacked, defended at most once" 1;
    RESTRICTED "enemy moves restricted by attacks" 1;
    QUEEN_THREAT "safe knight or slider attack on the queen next move" 2;
}

/// The group a parameter belongs to and its index inside it.
pub fn locate(param: usize) -> (&'static Group, usize) {
    let group = GROUPS.iter().rev().find(|g| g.start <= param).unwrap_or(&GROUPS[0]);
    (group, param - group.start)
}

/// Groups shown together by the `eval` command.
pub const BREAKDOWN: &[(&str, &[usize])] = &[
    ("Material", &[MATERIAL, BISHOP_PAIR]),
    ("Piece-square", &[PST]),
    ("Mobility", &[KNIGHT_MOBILITY, BISHOP_MOBILITY, ROOK_MOBILITY, QUEEN_MOBILITY]),
    ("Pawns", &[ISOLATED, DOUBLED, BACKWARD, PHALANX, SUPPORTED, CANDIDATE, KING_PAWN_DISTANCE]),
    ("Passed pawns", &[PASSED, PASSED_OWN_KING, PASSED_THEIR_KING, PASSED_FREE, PASSED_SAFE_STOP, ROOK_BEHIND_PASSER]),
    ("Minor pieces", &[OUTPOST, BISHOP_PAWNS]),
    ("Rooks", &[ROOK_OPEN, ROOK_SEMI_OPEN, ROOK_SEVENTH]),
    (
        "King safety",
        &[
            SHIELD_NEAR,
            SHIELD_FAR,
            KING_OPEN_FILE,
            KING_ATTACK,
            KING_ATTACKERS,
            SAFE_CHECK,
            KING_FLANK_ATTACK,
            KING_ZONE_WEAK,
        ],
    ),
    (
        "Threats",
        &[
            THREAT_BY_PAWN,
            THREAT_BY_MINOR,
            THREAT_BY_ROOK,
            HANGING,
            THREAT_MINOR_ON_MINOR,
            THREAT_ROOK_ON_MINOR,
            THREAT_BY_KING,
            THREAT_PAWN_PUSH,
            WEAK_PAWN_ATTACKED,
            PINNED,
            RESTRICTED,
            QUEEN_THREAT,
        ],
    ),
    ("Space", &[SPACE]),
    ("Chess960 corners", &[CORNERED_BISHOP]),
    ("Tempo", &[TEMPO]),
];

/// The breakdown line a parameter's group is shown on.
pub fn breakdown_line(param: usize) -> usize {
    let (group, _) = locate(param);
    BREAKDOWN.iter().position(|(_, starts)| starts.contains(&group.start)).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_tile_the_parameters() {
        let mut next = 0;
        for group in GROUPS {
            assert_eq!(group.start, next, "{}", group.name);
            next += group.len;
        }
        assert_eq!(next, PARAM_COUNT);
        assert_eq!(locate(PST + 70).0.name, "piece-square");
        assert_eq!(locate(TEMPO).1, 0);
        for group in GROUPS {
            assert!(BREAKDOWN.iter().any(|(_, starts)| starts.contains(&group.start)), "{}", group.name);
        }
    }
}
