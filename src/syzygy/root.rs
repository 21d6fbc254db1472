//! Ranking the root moves by their DTZ and the real halfmove clock, so that the search only looks at
//! moves that keep the best result the fifty-move rule still allows.
//!
//! A win that zeroes the clock in time beats a cursed one; among cursed wins the quicker zeroing
//! ranks higher. Wins certain under the rule rank equally, and the search chooses among them: it sees
//! mates, and it sees the repetitions since the last zeroing move, which DTZ knows nothing of (keeping
//! only the quickest zeroing once a position had repeated walked into a threefold the opponent could
//! claim). Progress is still forced: the clock runs, and a win certain at one move stays certain at
//! the next only along moves that make progress. Losing moves rank equally too, unless the fifty-move
//! draw comes first: then the later the zeroing, the better. A DTZ may be one ply longer than the truth
//! (the table format allows it), so a win counts as certain only one ply inside the limit.

use cozy_chess::Move;

use super::Wdl;

/// Rank of a certain win; a certain loss ranks its negative, a draw 0.
const CERTAIN: i64 = 1 << 20;
/// Plies of the fifty-move rule, which the tables know.
pub const FIFTY_MOVE_PLIES: i64 = 100;

/// How the tables' results meet the fifty-move rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClockRule {
    /// A win the rule forestalls is a draw that still prefers the better side (`Syzygy50MoveRule`).
    Fifty,
    /// Wins are wins, however long the road (`Syzygy50MoveRule false`, or `Rule50 0`).
    Ignored,
}

/// A root move with what the tables say of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RankedMove {
    pub mv: Move,
    /// Higher is better.
    pub rank: i64,
    /// Its result under `rule`, at the real clock.
    pub wdl: Wdl,
}

/// The rank of a move whose DTZ is `dtz` (signed as `Tablebases::probe_dtz_moves` gives it) with the
/// halfmove clock at `clock`.
pub fn rank(dtz: i32, clock: u32) -> i64 {
    let plies = i64::from(dtz.unsigned_abs()) + i64::from(clock);
    let late = plies.min(CERTAIN - 1);
    match dtz.signum() {
        1 if plies < FIFTY_MOVE_PLIES => CERTAIN,
        1 => CERTAIN - late,
        -1 if plies < FIFTY_MOVE_PLIES => -CERTAIN,
        -1 => -CERTAIN + late,
        _ => 0,
    }
}

/// The result of a move with `dtz` at `clock` under `rule`.
pub fn result(dtz: i32, clock: u32, rule: ClockRule) -> Wdl {
    let in_time = i64::from(dtz.unsigned_abs()) + i64::from(clock) <= FIFTY_MOVE_PLIES || rule == ClockRule::Ignored;
    match (dtz.signum(), in_time) {
        (1, true) => Wdl::Win,
        (1, false) => Wdl::CursedWin,
        (-1, true) => Wdl::Loss,
        (-1, false) => Wdl::BlessedLoss,
        _ => Wdl::Draw,
    }
}

/// Ranks `moves` (each with its DTZ) and keeps the best-ranked ones, best first.
pub fn best_moves(moves: &[(Move, i32)], clock: u32, rule: ClockRule) -> Vec<RankedMove> {
    let ranked: Vec<RankedMove> = moves
        .iter()
        .map(|&(mv, dtz)| RankedMove { mv, rank: rank(dtz, clock), wdl: result(dtz, clock, rule) })
        .collect();
    let best = ranked.iter().map(|m| m.rank).max().unwrap_or(0);
    ranked.into_iter().filter(|m| m.rank == best).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use cozy_chess::Square;

    fn mv(to: Square) -> Move {
        Move { from: Square::A1, to, promotion: None }
    }

    #[test]
    fn a_win_in_time_beats_a_cursed_one_and_the_quicker_cursed_one_ranks_higher() {
        assert_eq!(rank(9, 90), CERTAIN);
        assert_eq!(rank(3, 0), rank(55, 0));
        assert!(rank(9, 90) > rank(10, 90));
        assert!(rank(11, 90) > rank(25, 90));
        assert!(rank(25, 90) > rank(0, 90));
    }

    #[test]
    fn the_loser_prefers_the_move_that_reaches_the_fifty_move_draw() {
        assert_eq!(rank(-9, 90), -CERTAIN);
        assert_eq!(rank(-5, 0), rank(-40, 0));
        assert!(rank(-30, 90) > rank(-9, 90));
        assert!(rank(-30, 90) > rank(-20, 90));
        assert!(rank(0, 90) > rank(-30, 90));
    }

    #[test]
    fn results_follow_the_rule() {
        assert_eq!(result(10, 90, ClockRule::Fifty), Wdl::Win);
        assert_eq!(result(11, 90, ClockRule::Fifty), Wdl::CursedWin);
        assert_eq!(result(11, 90, ClockRule::Ignored), Wdl::Win);
        assert_eq!(result(-11, 90, ClockRule::Fifty), Wdl::BlessedLoss);
        assert_eq!(result(-11, 90, ClockRule::Ignored), Wdl::Loss);
        assert_eq!(result(0, 90, ClockRule::Fifty), Wdl::Draw);
    }

    #[test]
    fn only_the_best_ranked_moves_stay() {
        let moves = [(mv(Square::A2), 7), (mv(Square::A3), 15), (mv(Square::A4), 0), (mv(Square::B1), 5)];
        let kept: Vec<Move> = best_moves(&moves, 90, ClockRule::Fifty).iter().map(|m| m.mv).collect();
        assert_eq!(kept, vec![mv(Square::A2), mv(Square::B1)]);
        let cursed = best_moves(&moves, 95, ClockRule::Fifty);
        assert_eq!(cursed.iter().map(|m| m.mv).collect::<Vec<_>>(), vec![mv(Square::B1)]);
        assert_eq!(cursed[0].wdl, Wdl::Win);
        assert_eq!(best_moves(&moves, 97, ClockRule::Fifty)[0].wdl, Wdl::CursedWin);
    }
}
