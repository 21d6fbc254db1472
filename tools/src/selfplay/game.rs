//! One self-play game: a randomised start (standard, Chess960 or double Chess960, then a few random
//! legal plies), a node-limited search for every move of both sides, and the result by the rules or
//! by adjudication.

use std::sync::Arc;

use cozy_chess::Color;

use engine::nnue::network::Network;
use engine::position::movegen::legal_moves;
use engine::position::{GameState, MoveLimit, Position};
use engine::rng::Rng;
use engine::search::{DirectSearch, Limits, TranspositionTable};

use crate::data::format::{GameRecord, Outcome};
use crate::data::to_data_scale;

/// A decisive adjudication: one side ahead by at least this many centipawns ...
const WIN_SCORE: i32 = 1500;
/// ... in this many consecutive positions (both sides' searches agree).
const WIN_PLIES: u32 = 6;
/// A draw adjudication: from this ply on ...
const DRAW_FROM_PLY: usize = 80;
/// ... the score within this many centipawns of 0 ...
const DRAW_SCORE: i32 = 10;
/// ... in this many consecutive positions.
const DRAW_PLIES: u32 = 12;
/// A game this long is a draw (no game of the rules gets near it).
const MAX_PLIES: usize = 800;
/// A start whose first search scores beyond this is too one-sided to teach much: rejected.
const START_SCORE_MAX: i32 = 1000;
/// Scharnagl numbers of the Chess960 start positions.
const CHESS960_POSITIONS: u64 = 960;

/// How games are played.
#[derive(Clone, Copy, Debug)]
pub struct GameSettings {
    /// Each search stops deepening after this many nodes ...
    pub soft_nodes: u64,
    /// ... and stops at once after this many times as many.
    pub hard_factor: u64,
    /// Per cent of games from Chess960 and double Chess960 starts (a third of them double).
    pub chess960_pct: u64,
    /// Random legal plies after the start position: this many or one more.
    pub random_plies: u64,
}

impl Default for GameSettings {
    fn default() -> Self {
        GameSettings { soft_nodes: 5_000, hard_factor: 20, chess960_pct: 20, random_plies: 8 }
    }
}

/// What one data-generation thread keeps from game to game.
pub struct Player {
    searcher: DirectSearch,
}

impl Player {
    pub fn new(hash_mb: usize, network: Arc<Network>) -> Player {
        let tt = TranspositionTable::new(hash_mb).unwrap_or_else(|_| TranspositionTable::minimal());
        Player { searcher: DirectSearch::new(tt, network) }
    }

    /// Searches `position` within the node limits; the best move and its score from white's view, at
    /// the data's scale.
    fn search(&mut self, position: &Position, settings: &GameSettings) -> Option<(cozy_chess::Move, i32)> {
        let limits = Limits {
            nodes: Some(settings.soft_nodes.saturating_mul(settings.hard_factor)),
            soft_nodes: Some(settings.soft_nodes),
            ..Limits::default()
        };
        let result = self.searcher.quiet(position, limits, 1);
        let white = position.board().side_to_move() == Color::White;
        let score = to_data_scale(result.score);
        result.best.map(|mv| (mv, if white { score } else { -score }))
    }

    /// A new game: nothing learnt in the last one carries over (each game depends on its start only).
    fn forget(&mut self) {
        self.searcher.forget();
    }
}

/// The start position before the random plies: standard, or by `settings` Chess960 or (a third of
/// those) double Chess960.
fn start_position(rng: &mut Rng, settings: &GameSettings) -> Option<Position> {
    if rng.below(100) >= settings.chess960_pct {
        return Some(Position::startpos());
    }
    let white = rng.below(CHESS960_POSITIONS) as u32;
    let black = if rng.one_in(3) { rng.below(CHESS960_POSITIONS) as u32 } else { white };
    Position::double_chess960(white, black)
}

/// The start position of a game, then `random_plies` (or one more) random legal moves. `None` when
/// the random moves ended the game.
fn random_start(rng: &mut Rng, settings: &GameSettings) -> Option<Position> {
    let mut position = start_position(rng, settings)?;
    for _ in 0..settings.random_plies + rng.below(2) {
        let moves = legal_moves(position.board());
        if moves.is_empty() {
            return None;
        }
        position.play(rng.pick(&moves));
    }
    (position.state(MoveLimit::FIDE) == GameState::Ongoing).then_some(position)
}

/// The result of a game that ended by the rules in `state` with `loser` to move (mated).
fn outcome_by_rules(state: GameState, to_move: Color) -> Option<Outcome> {
    match state {
        GameState::Ongoing => None,
        GameState::Checkmate if to_move == Color::White => Some(Outcome::BlackWins),
        GameState::Checkmate => Some(Outcome::WhiteWins),
        _ => Some(Outcome::Draw),
    }
}

/// Counts the positions in a row whose scores point to a result.
#[derive(Default)]
struct Adjudicator {
    white_ahead: u32,
    black_ahead: u32,
    level: u32,
}

impl Adjudicator {
    /// Takes the score (white's view) of the position at `ply`; the result once one is clear.
    fn observe(&mut self, ply: usize, score: i32) -> Option<Outcome> {
        let bump = |count: &mut u32, holds: bool| *count = if holds { *count + 1 } else { 0 };
        bump(&mut self.white_ahead, score >= WIN_SCORE);
        bump(&mut self.black_ahead, score <= -WIN_SCORE);
        bump(&mut self.level, ply >= DRAW_FROM_PLY && score.abs() <= DRAW_SCORE);
        if self.white_ahead >= WIN_PLIES {
            Some(Outcome::WhiteWins)
        } else if self.black_ahead >= WIN_PLIES {
            Some(Outcome::BlackWins)
        } else if self.level >= DRAW_PLIES || ply >= MAX_PLIES {
            Some(Outcome::Draw)
        } else {
            None
        }
    }
}

/// Plays one game; `None` when the random start was unusable (the caller draws another).
pub fn play(rng: &mut Rng, settings: &GameSettings, player: &mut Player) -> Option<GameRecord> {
    let mut position = random_start(rng, settings)?;
    player.forget();
    let fen = position.fen(true);
    let mut moves = Vec::new();
    let mut adjudicator = Adjudicator::default();
    loop {
        let state = position.state(MoveLimit::FIDE);
        if let Some(outcome) = outcome_by_rules(state, position.board().side_to_move()) {
            return Some(GameRecord { fen, outcome, moves });
        }
        let (mv, score) = player.search(&position, settings)?;
        if moves.is_empty() && score.abs() > START_SCORE_MAX {
            return None;
        }
        moves.push((mv, score.clamp(i16::MIN as i32, i16::MAX as i32) as i16));
        position.play(mv);
        if let Some(outcome) = adjudicator.observe(moves.len() - 1, score) {
            return Some(GameRecord { fen, outcome, moves });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adjudication_needs_a_run_of_agreeing_scores() {
        let mut a = Adjudicator::default();
        for ply in 0..WIN_PLIES as usize - 1 {
            assert_eq!(a.observe(ply, WIN_SCORE), None);
        }
        assert_eq!(a.observe(9, 0), None, "a break in the run starts it again");
        for ply in 10..10 + WIN_PLIES as usize - 1 {
            assert_eq!(a.observe(ply, -WIN_SCORE - 5), None);
        }
        assert_eq!(a.observe(20, -WIN_SCORE), Some(Outcome::BlackWins));
        let mut quiet = Adjudicator::default();
        let early: Vec<_> = (0..DRAW_FROM_PLY).map(|ply| quiet.observe(ply, 0)).collect();
        assert!(early.iter().all(Option::is_none), "no draw before the late game");
        let late: Vec<_> = (DRAW_FROM_PLY..DRAW_FROM_PLY + DRAW_PLIES as usize).map(|p| quiet.observe(p, 3)).collect();
        assert_eq!(late.last(), Some(&Some(Outcome::Draw)));
    }

    #[test]
    fn random_starts_are_ongoing_positions_eight_or_nine_plies_in() {
        let mut rng = Rng::new(7);
        let starts: Vec<Position> = (0..200).filter_map(|_| random_start(&mut rng, &GameSettings::default())).collect();
        assert!(starts.len() > 190, "{}", starts.len());
        let plies = |p: &Position| p.keys().len() - 1;
        assert!(starts.iter().all(|p| plies(p) == 8 || plies(p) == 9));
        assert!(starts.iter().any(|p| plies(p) == 8) && starts.iter().any(|p| plies(p) == 9));
    }

    #[test]
    fn the_chess960_share_decides_the_start_positions() {
        let standard = Position::startpos().fen(true);
        let fens = |pct: u64, rng: &mut Rng| -> Vec<String> {
            let settings = GameSettings { chess960_pct: pct, ..GameSettings::default() };
            (0..300).filter_map(|_| start_position(rng, &settings)).map(|p| p.fen(true)).collect()
        };
        let mut rng = Rng::new(11);
        assert!(fens(0, &mut rng).iter().all(|f| *f == standard));
        let all960 = fens(100, &mut rng);
        assert!(all960.iter().filter(|f| **f == standard).count() <= 2, "518 may come up");
        // A third of them double Chess960: the two back ranks differ (mirrored they would match).
        let double = all960
            .iter()
            .filter(|f| {
                let ranks: Vec<&str> = f.split(['/', ' ']).collect();
                ranks[0].to_ascii_uppercase() != ranks[7]
            })
            .count();
        assert!((60..140).contains(&double), "{double} of 300 double Chess960 starts");
        let share = fens(20, &mut rng).iter().filter(|f| **f != standard).count();
        assert!((30..95).contains(&share), "{share} of 300 at 20 %");
    }
}
