//! Training positions: replayed from self-play games, filtered, deduplicated, split into training
//! and holdout by whole games, mirrored (training only) and shuffled.
//!
//! A game's positions are skipped when they are among its first plies, in check, scored as a mate,
//! or when the move played from them captures or promotes (the score then rests on the exchange,
//! which a static evaluation cannot see).

use std::collections::HashSet;
use std::path::PathBuf;

use cozy_chess::{Board, Color};
use engine::nnue::features::{active, mirror, other_perspective, InputLayout, MAX_ACTIVE};
use engine::nnue::network::DATA_SCALE;
use engine::rng::Rng;
use tools::data::format::{GameRecord, Outcome};
use tools::data::{read_games, replay, trained_on};

/// Centipawns of a recorded search score per unit of the target's logit (the engine reads the net's
/// output at its own `SCALE`).
const SCORE_SCALE: f32 = DATA_SCALE as f32;

/// One position: its features from the side to move's perspective (the other's follow from them),
/// the search score and the game's result, both for the side to move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    pub features: [u16; MAX_ACTIVE],
    pub count: u8,
    pub score: i16,
    pub result: f32,
}

impl Sample {
    /// The sample of `board` with `score` (centipawns) and `result` (1 win, 0.5 draw, 0 loss), both
    /// for the side to move.
    pub fn new(board: &Board, score: i32, result: f32) -> Sample {
        let [white, black] = active(board);
        let ours = if board.side_to_move() == Color::White { white } else { black };
        let mut features = [0; MAX_ACTIVE];
        for (slot, &f) in features.iter_mut().zip(&ours) {
            *slot = f as u16;
        }
        Sample { features, count: ours.len().min(MAX_ACTIVE) as u8, score: score as i16, result }
    }

    /// The inputs of the side to move's perspective, then of the other's, placed in the king
    /// buckets of `layout` (the first `count` of each are active).
    pub fn inputs(&self, layout: &InputLayout) -> [[u16; MAX_ACTIVE]; 2] {
        let perspectives = [self.features, self.features.map(|f| other_perspective(usize::from(f)) as u16)];
        if layout.is_plain() {
            return perspectives;
        }
        perspectives.map(|features| {
            // Features are already seen from their own side: the perspective named does not matter.
            let view = layout.view_from(Color::White, own_king(&features[..usize::from(self.count)]));
            features.map(|f| view.place(usize::from(f)) as u16)
        })
    }

    /// The position mirrored left to right, with the same score and result: the net does not see
    /// castling rights, and most of what a position is worth does not depend on its wing.
    pub fn mirrored(&self) -> Sample {
        let mut out = *self;
        for f in &mut out.features[..usize::from(self.count)] {
            *f = mirror(usize::from(*f)) as u16;
        }
        out
    }

    /// What the network should predict: the result weighted `wdl`, the search score's expectation
    /// the rest.
    pub fn target(&self, wdl: f32) -> f32 {
        wdl * self.result + (1.0 - wdl) * sigmoid(self.score as f32 / SCORE_SCALE)
    }

    /// The loss of an output `out` (units of the engine's `SCALE` centipawns) for this position.
    pub fn loss(&self, out: f32, wdl: f32) -> f32 {
        (sigmoid(out) - self.target(wdl)).powi(2)
    }
}

/// The square of the perspective's own king among its `features` (seen from its side).
fn own_king(features: &[u16]) -> usize {
    let own_kings = KING_FEATURES..KING_FEATURES + 64;
    features.iter().map(|&f| usize::from(f)).find(|f| own_kings.contains(f)).map_or(0, |f| f % 64)
}

/// The first feature of a perspective's own king (colour 0, piece 5).
const KING_FEATURES: usize = 5 * 64;

/// An output (units of the engine's `SCALE` centipawns) as an expected score.
pub fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// Which positions of a game are kept.
#[derive(Clone, Copy, Debug)]
pub struct Filter {
    /// The first plies of each game are skipped.
    pub skip_plies: usize,
    /// Each training position is also learnt mirrored left to right (the holdout is not).
    pub mirror: bool,
}

/// A kept position: its key (for deduplication) and its sample.
struct Kept {
    key: u64,
    sample: Sample,
}

/// The kept positions of `game`.
fn samples_of(game: &GameRecord, filter: &Filter, out: &mut Vec<Kept>) -> Result<(), String> {
    let white_result = match game.outcome {
        Outcome::WhiteWins => 1.0,
        Outcome::Draw => 0.5,
        Outcome::BlackWins => 0.0,
    };
    replay(game, |ply, board, mv, white_score| {
        if ply >= filter.skip_plies && trained_on(board, mv, white_score) {
            let (score, result) = if board.side_to_move() == Color::White {
                (i32::from(white_score), white_result)
            } else {
                (-i32::from(white_score), 1.0 - white_result)
            };
            out.push(Kept { key: board.hash(), sample: Sample::new(board, score, result) });
        }
    })
}

/// The kept positions, split by whole games: positions of one game share its result and resemble
/// each other, so a holdout drawn from the training games' positions would flatter the fit.
pub struct Loaded {
    pub training: Vec<Sample>,
    pub holdout: Vec<Sample>,
}

/// Every kept position of the games in `paths` (the first whole games up to `budget` recorded
/// positions, when given), each position once, shuffled by `seed`; a `holdout` share of the games
/// (drawn by `seed`) is kept apart, without positions the training games also reach.
pub fn load(
    paths: &[PathBuf],
    budget: Option<usize>,
    filter: &Filter,
    holdout: f32,
    seed: u64,
) -> Result<Loaded, String> {
    split(&read_all(paths, budget)?, filter, holdout, seed)
}

/// Trains on the games of `paths` and holds out every game of `holdout_paths` (left out of the
/// training if also among `paths`): a fixed holdout, the same positions whatever is trained on,
/// so that runs on different data (old data in or out) compare on it.
pub fn load_apart(
    paths: &[PathBuf],
    budget: Option<usize>,
    holdout_paths: &[PathBuf],
    filter: &Filter,
    seed: u64,
) -> Result<Loaded, String> {
    let trained: Vec<PathBuf> = paths.iter().filter(|path| !holdout_paths.contains(path)).cloned().collect();
    apart(&read_all(&trained, budget)?, &read_all(holdout_paths, None)?, filter, seed)
}

/// The games of `paths` in order; with a `budget`, only the whole games whose recorded positions
/// (one a move) fit in it, so that data of different costs can be compared at equal cost.
fn read_all(paths: &[PathBuf], budget: Option<usize>) -> Result<Vec<GameRecord>, String> {
    let mut games = Vec::new();
    for path in paths {
        games.extend(read_games(path)?.0);
    }
    Ok(within(games, budget))
}

/// The first `games` whose moves add up to at most `budget`.
fn within(games: Vec<GameRecord>, budget: Option<usize>) -> Vec<GameRecord> {
    let Some(budget) = budget else { return games };
    let mut total = 0;
    games
        .into_iter()
        .take_while(|game| {
            total += game.moves.len();
            total <= budget
        })
        .collect()
}

/// `load_apart`'s sets: the holdout's positions each once, then the training's without them.
fn apart(games: &[GameRecord], held_games: &[GameRecord], filter: &Filter, seed: u64) -> Result<Loaded, String> {
    let (mut training, mut held) = (Vec::new(), Vec::new());
    for game in held_games {
        samples_of(game, filter, &mut held)?;
    }
    for game in games {
        samples_of(game, filter, &mut training)?;
    }
    let mut seen = HashSet::with_capacity(training.len() + held.len());
    let holdout = distinct(held, &mut seen).map(|kept| kept.sample).collect();
    let training = distinct(training, &mut seen).map(|kept| kept.sample).collect();
    Ok(Loaded { training: mirrored_and_shuffled(training, filter, &mut Rng::new(seed)), holdout })
}

/// The kept positions of `games`, split as `load` says.
fn split(games: &[GameRecord], filter: &Filter, holdout: f32, seed: u64) -> Result<Loaded, String> {
    let mut rng = Rng::new(seed);
    let (mut training, mut held) = (Vec::new(), Vec::new());
    for game in games {
        let to_holdout = rng.uniform() < f64::from(holdout);
        samples_of(game, filter, if to_holdout { &mut held } else { &mut training })?;
    }
    let mut seen = HashSet::with_capacity(training.len() + held.len());
    let training = distinct(training, &mut seen).map(|kept| kept.sample).collect();
    let holdout = distinct(held, &mut seen).map(|kept| kept.sample).collect();
    Ok(Loaded { training: mirrored_and_shuffled(training, filter, &mut rng), holdout })
}

/// The training positions with their mirror images when `filter` asks, shuffled.
fn mirrored_and_shuffled(mut training: Vec<Sample>, filter: &Filter, rng: &mut Rng) -> Vec<Sample> {
    if filter.mirror {
        let mirrored: Vec<Sample> = training.iter().map(Sample::mirrored).collect();
        training.extend(mirrored);
    }
    shuffled(training, rng)
}

/// The positions whose keys `seen` has not met yet, recording them.
fn distinct<'a>(kept: Vec<Kept>, seen: &'a mut HashSet<u64>) -> impl Iterator<Item = Kept> + 'a {
    kept.into_iter().filter(|kept| seen.insert(kept.key))
}

fn shuffled(mut samples: Vec<Sample>, rng: &mut Rng) -> Vec<Sample> {
    for i in (1..samples.len()).rev() {
        samples.swap(i, rng.below(i as u64 + 1) as usize);
    }
    samples
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::position::fen;
    use engine::position::movegen::legal_moves;

    #[test]
    fn positions_are_kept_by_the_filter_and_scored_for_the_side_to_move() {
        let game = GameRecord {
            fen: fen::format(&Board::default(), 0, true),
            outcome: Outcome::WhiteWins,
            moves: ["e2e4", "d7d5", "e4d5", "d8d5", "b1c3", "d5a5"]
                .iter()
                .zip([30, 40, 20, 50, -60, 32_000])
                .map(|(m, s)| (m.parse().expect("move"), s))
                .collect(),
        };
        let mut out = Vec::new();
        samples_of(&game, &Filter { skip_plies: 1, mirror: false }, &mut out).expect("a legal game");
        // Skipped: ply 0 (skip), e4d5 and d8d5 (captures), d5a5's position (a mate score).
        assert_eq!(out.len(), 2);
        let black_to_move = out[0].sample;
        assert_eq!((black_to_move.score, black_to_move.result), (-40, 0.0));
        let white_to_move = out[1].sample;
        assert_eq!((white_to_move.score, white_to_move.result), (-60, 1.0));
        assert_eq!(white_to_move.count, 30);
    }

    /// A game of `plies` random legal moves from the start, every score `id`.
    fn random_game(rng: &mut Rng, id: i16, plies: usize) -> GameRecord {
        let mut board = Board::default();
        let mut moves = Vec::new();
        for _ in 0..plies {
            let legal = legal_moves(&board);
            if legal.is_empty() {
                break;
            }
            let mv = rng.pick(&legal);
            moves.push((mv, id));
            board.play_unchecked(mv);
        }
        GameRecord { fen: fen::format(&Board::default(), 0, true), outcome: Outcome::Draw, moves }
    }

    #[test]
    fn the_holdout_takes_whole_games_and_no_training_position() {
        let mut rng = Rng::new(5);
        let games: Vec<GameRecord> = (1..=40).map(|id| random_game(&mut rng, id * 10, 30)).collect();
        let Loaded { training, holdout } =
            split(&games, &Filter { skip_plies: 0, mirror: false }, 0.3, 9).expect("legal games");
        let ids = |samples: &[Sample]| samples.iter().map(|s| s.score.abs()).collect::<HashSet<i16>>();
        let (trained, held) = (ids(&training), ids(&holdout));
        assert!(!held.is_empty() && trained.len() > held.len(), "{} games trained, {} held", trained.len(), held.len());
        assert!(trained.is_disjoint(&held), "a game split between the sets");
        let key = |s: &Sample| (s.features, s.count);
        let training_keys: HashSet<_> = training.iter().map(key).collect();
        assert!(holdout.iter().all(|s| !training_keys.contains(&key(s))), "a training position held out");
    }

    #[test]
    fn a_fixed_holdout_is_the_same_whatever_is_trained_on_and_never_trained_on() {
        let mut rng = Rng::new(8);
        let held: Vec<GameRecord> = (1..=10).map(|id| random_game(&mut rng, id, 30)).collect();
        let few: Vec<GameRecord> = (11..=20).map(|id| random_game(&mut rng, id, 30)).collect();
        let more: Vec<GameRecord> = (11..=60).map(|id| random_game(&mut rng, id, 30)).collect();
        // The first ply of every game is the same position: it stays in the holdout only.
        let filter = Filter { skip_plies: 0, mirror: false };
        let small = apart(&few, &held, &filter, 3).expect("legal games");
        let large = apart(&more, &held, &filter, 3).expect("legal games");
        assert_eq!(small.holdout, large.holdout);
        assert!(small.training.len() < large.training.len());
        let key = |s: &Sample| (s.features, s.count);
        let held_keys: HashSet<_> = small.holdout.iter().map(key).collect();
        assert!(large.training.iter().all(|s| !held_keys.contains(&key(s))), "a held-out position trained on");
        let scores = |samples: &[Sample]| samples.iter().map(|s| s.score.abs()).collect::<HashSet<i16>>();
        assert!(scores(&small.holdout).iter().all(|&id| id <= 10), "only the held games");
        let start_key = key(&Sample::new(&Board::default(), 0, 0.5));
        assert!(small.holdout.iter().any(|s| key(s) == start_key));
        assert!(large.training.iter().all(|s| key(s) != start_key));
    }

    #[test]
    fn a_budget_keeps_the_first_whole_games_that_fit() {
        let mut rng = Rng::new(3);
        let games: Vec<GameRecord> = (1..=5).map(|id| random_game(&mut rng, id, 30)).collect();
        let lengths: Vec<usize> = games.iter().map(|g| g.moves.len()).collect();
        let two = lengths[0] + lengths[1];
        assert_eq!(within(games.clone(), Some(two)).len(), 2);
        assert_eq!(within(games.clone(), Some(two + lengths[2] - 1)).len(), 2);
        assert_eq!(within(games.clone(), Some(0)).len(), 0);
        assert_eq!(within(games, None).len(), 5);
    }

    #[test]
    fn mirrored_positions_double_the_training_set_only() {
        let mut rng = Rng::new(5);
        let games: Vec<GameRecord> = (1..=20).map(|id| random_game(&mut rng, id, 30)).collect();
        let plain = split(&games, &Filter { skip_plies: 0, mirror: false }, 0.3, 9).expect("legal games");
        let both = split(&games, &Filter { skip_plies: 0, mirror: true }, 0.3, 9).expect("legal games");
        assert_eq!(both.training.len(), 2 * plain.training.len());
        assert_eq!(both.holdout, plain.holdout);
        let board: Board = "4k3/8/8/8/8/8/1P6/R3K3 w - - 0 1".parse().expect("fen");
        let mirrored: Board = "3k4/8/8/8/8/8/6P1/3K3R w - - 0 1".parse().expect("fen");
        let sorted = |sample: Sample| {
            sample.inputs(&InputLayout::plain()).map(|mut side| {
                side[..usize::from(sample.count)].sort();
                side
            })
        };
        assert_eq!(sorted(Sample::new(&board, 50, 1.0).mirrored()), sorted(Sample::new(&mirrored, 50, 1.0)));
    }

    #[test]
    fn king_bucketed_inputs_are_the_engine_s_for_either_side_to_move() {
        let bucket = |square: usize| (square / 8).min(3) as u8;
        let layout = InputLayout::new(std::array::from_fn(bucket), true).expect("a layout");
        let sorted = |mut inputs: Vec<usize>| {
            inputs.sort();
            inputs
        };
        for fen in [
            "r1bq1rk1/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQ - 2 3",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 b - - 0 1",
            "4k3/8/8/3pP3/8/2K5/8/8 w - d6 0 1",
        ] {
            let board: Board = fen.parse().expect("fen");
            let sample = Sample::new(&board, 0, 0.5);
            let count = usize::from(sample.count);
            let [ours, theirs] =
                sample.inputs(&layout).map(|side| sorted(side[..count].iter().map(|&f| usize::from(f)).collect()));
            let [white, black] = layout.active(&board).map(sorted);
            let expected = if board.side_to_move() == Color::White { [white, black] } else { [black, white] };
            assert_eq!([ours, theirs], expected, "{fen}");
        }
    }

    #[test]
    fn the_target_blends_result_and_score() {
        let sample = Sample::new(&Board::default(), 0, 1.0);
        assert_eq!(sample.target(0.0), 0.5);
        assert_eq!(sample.target(1.0), 1.0);
        assert!((sample.target(0.3) - 0.65).abs() < 1e-6);
    }
}
