//! Limited strength (`UCI_LimitStrength`, `UCI_Elo`): a weaker player for humans and rating ladders.
//!
//! Two handicaps, both growing as the Elo falls: a node budget per move (the search sees less), and a
//! choice among the best few root lines with random noise added to their scores (the player now and
//! then prefers a worse move, more often when the moves are close); none from `FULL_STRENGTH_ELO` up.
//! The constants are calibrated against Stockfish's own `UCI_Elo` levels at 10+0.1.

use crate::rng::Rng;

/// The `UCI_Elo` range.
pub const MIN_ELO: u32 = 1350;
pub const MAX_ELO: u32 = 2850;
/// Root lines the weakened player chooses from.
pub const CANDIDATE_LINES: usize = 4;
/// The node budget: `ANCHOR_NODES` at `ANCHOR_ELO`, halved for every `ELO_PER_HALVING` below it
/// and doubled above. Fitted with net 3 built in, against Stockfish's same level at 10+0.1: 116,628
/// nodes at 2400 scored 0.485, 7,971 at 1800 0.545 and 2,083 at 1500 0.470.
const ANCHOR_NODES: f64 = 116_628.0;
const ANCHOR_ELO: f64 = 2400.0;
const ELO_PER_HALVING: f64 = 155.0;
/// From this level up there is no handicap at all: the engine plays at full strength.
const FULL_STRENGTH_ELO: u32 = 2500;
/// Fewest nodes per move at any level.
const MIN_NODES: u64 = 400;
/// Noise on line scores: standard deviation `(NOISE_ELO - elo) / NOISE_DIVISOR` centipawns.
const NOISE_ELO: f64 = 2000.0;
const NOISE_DIVISOR: f64 = 8.0;

/// How strongly a search plays: `Full`, or limited to an Elo.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Strength {
    #[default]
    Full,
    Elo(u32),
}

impl Strength {
    /// Node budget of one move, if limited.
    pub fn nodes(self) -> Option<u64> {
        let elo = self.handicapped_elo()?;
        let halvings = (ANCHOR_ELO - elo as f64) / ELO_PER_HALVING;
        Some(((ANCHOR_NODES * 0.5f64.powf(halvings)) as u64).max(MIN_NODES))
    }

    /// Root lines to search: the ones the GUI asked for, and more to choose from where noise is added
    /// (without noise the best line is played, and extra lines would only cost depth).
    pub fn lines(self, asked: usize) -> usize {
        if self.noise_cp() > 0.0 {
            asked.max(CANDIDATE_LINES)
        } else {
            asked
        }
    }

    /// The level, when it carries a handicap (limited, and below `FULL_STRENGTH_ELO`).
    fn handicapped_elo(self) -> Option<u32> {
        match self {
            Strength::Elo(elo) if elo < FULL_STRENGTH_ELO => Some(elo),
            _ => None,
        }
    }

    fn noise_cp(self) -> f64 {
        self.handicapped_elo().map_or(0.0, |elo| ((NOISE_ELO - elo as f64) / NOISE_DIVISOR).max(0.0))
    }

    /// Index of the line to play among lines with these `scores` (best first): the best, or with
    /// limited strength the line whose score plus random noise is highest.
    pub(super) fn choose(self, scores: &[i32]) -> usize {
        let sigma = self.noise_cp();
        if sigma <= 0.0 || scores.len() < 2 {
            return 0;
        }
        let mut random = Rng::from_clock();
        let noisy = |score: i32, r: &mut Rng| score as f64 + sigma * normal(r);
        let mut best = (0, noisy(scores[0], &mut random));
        for (index, &score) in scores.iter().enumerate().skip(1) {
            let value = noisy(score, &mut random);
            if value > best.1 {
                best = (index, value);
            }
        }
        best.0
    }
}

/// Roughly standard normal (sum of four uniforms, rescaled).
fn normal(random: &mut Rng) -> f64 {
    let sum: f64 = (0..4).map(|_| random.uniform()).sum();
    (sum - 2.0) * 3.0f64.sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weaker_levels_search_fewer_nodes() {
        assert_eq!(Strength::Full.nodes(), None);
        let budgets: Vec<u64> = [MIN_ELO, 1500, 2000, 2400].iter().filter_map(|&e| Strength::Elo(e).nodes()).collect();
        assert_eq!(budgets.len(), 4, "{budgets:?}");
        assert!(budgets.windows(2).all(|w| w[0] < w[1]), "{budgets:?}");
        assert!(budgets[0] >= MIN_NODES);
        // The measured levels get the budgets they were measured with.
        assert_eq!(Strength::Elo(2400).nodes(), Some(116_628));
        assert_eq!(Strength::Elo(1800).nodes(), Some(7_971));
        assert_eq!(Strength::Elo(1500).nodes(), Some(2_083));
    }

    #[test]
    fn the_top_levels_play_at_full_strength() {
        for elo in [FULL_STRENGTH_ELO, MAX_ELO] {
            assert_eq!(Strength::Elo(elo).nodes(), None);
            assert_eq!(Strength::Elo(elo).lines(1), 1);
        }
        assert_eq!(Strength::Elo(MIN_ELO).lines(1), CANDIDATE_LINES);
        assert_eq!(Strength::Elo(MIN_ELO).lines(6), 6);
    }

    #[test]
    fn full_strength_and_strong_levels_play_the_best_line() {
        let lines = [30, 29, 28, 27];
        assert_eq!(Strength::Full.choose(&lines), 0);
        assert_eq!(Strength::Elo(MAX_ELO).choose(&lines), 0);
    }

    #[test]
    fn weak_levels_sometimes_play_a_close_second_but_rarely_a_blunder() {
        let lines = [30, 20, -900, -1000];
        let picks: Vec<usize> = (0..400).map(|_| Strength::Elo(MIN_ELO).choose(&lines)).collect();
        let count = |i| picks.iter().filter(|&&p| p == i).count();
        assert!(count(1) > 40, "second line {} times of 400", count(1));
        assert!(count(2) + count(3) < 20, "blunders {} times of 400", count(2) + count(3));
    }
}
