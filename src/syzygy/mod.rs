//! Syzygy endgame tablebases: loading the tables of a `SyzygyPath` and probing them.
//!
//! Probing is done by pyrrhic-rs (MIT, pure Rust), chosen over shakmaty-syzygy (better kept, but GPL,
//! which this MIT engine cannot take in, and built on a second board type). Its flaws are worked around
//! here: the folders are checked by `files` first (the crate counts missing and damaged tables as
//! present), a DTZ probe is only made for material whose DTZ file exists (a failed DTZ load also drops
//! the WDL table of that material), and the crate's handle is a process-wide singleton, so one
//! `Tablebases` exists at a time: it is never cloned, only shared behind an `Arc`, and the old one goes
//! before a new one loads. `root` turns DTZ into a ranking of root moves by the halfmove clock.

pub mod files;
pub mod root;

use cozy_chess::{
    get_bishop_moves, get_king_moves, get_knight_moves, get_pawn_attacks, get_rook_moves, BitBoard, Board, Color, Move,
    Piece, Rank, Square,
};
use pyrrhic_rs::{DtzProbeValue, EngineAdapter, TBError, TableBases, WdlProbeResult};

use files::Found;

/// A table's verdict for the side to move, with the fifty-move rule in view (as the tables store it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wdl {
    Loss,
    /// Lost, but the fifty-move rule saves it.
    BlessedLoss,
    Draw,
    /// Won, but the fifty-move rule comes first.
    CursedWin,
    Win,
}

impl Wdl {
    /// -2 (loss) to 2 (win), as the tables number them.
    pub fn value(self) -> i32 {
        match self {
            Wdl::Loss => -2,
            Wdl::BlessedLoss => -1,
            Wdl::Draw => 0,
            Wdl::CursedWin => 1,
            Wdl::Win => 2,
        }
    }

    fn from_probe(result: WdlProbeResult) -> Wdl {
        match result {
            WdlProbeResult::Loss => Wdl::Loss,
            WdlProbeResult::BlessedLoss => Wdl::BlessedLoss,
            WdlProbeResult::Draw => Wdl::Draw,
            WdlProbeResult::CursedWin => Wdl::CursedWin,
            WdlProbeResult::Win => Wdl::Win,
        }
    }
}

/// Move generation for the probing code, from cozy-chess.
#[derive(Clone, Copy)]
struct Adapter;

fn square(index: u64) -> Square {
    Square::index(index as usize & 63)
}

impl EngineAdapter for Adapter {
    fn pawn_attacks(color: pyrrhic_rs::Color, index: u64) -> u64 {
        let color = if color == pyrrhic_rs::Color::White { Color::White } else { Color::Black };
        get_pawn_attacks(square(index), color).0
    }
    fn knight_attacks(index: u64) -> u64 {
        get_knight_moves(square(index)).0
    }
    fn bishop_attacks(index: u64, occupied: u64) -> u64 {
        get_bishop_moves(square(index), BitBoard(occupied)).0
    }
    fn rook_attacks(index: u64, occupied: u64) -> u64 {
        get_rook_moves(square(index), BitBoard(occupied)).0
    }
    fn queen_attacks(index: u64, occupied: u64) -> u64 {
        Self::bishop_attacks(index, occupied) | Self::rook_attacks(index, occupied)
    }
    fn king_attacks(index: u64) -> u64 {
        get_king_moves(square(index)).0
    }
}

/// The loaded tables. Only one exists at a time (see the module note).
pub struct Tablebases {
    handle: TableBases<Adapter>,
    found: Found,
}

impl Tablebases {
    /// Loads the tables in the folders of `path` (`:` between folders). Fails, and loads nothing, on a
    /// folder that cannot be read, a damaged table file, no WDL table at all, or while another
    /// `Tablebases` is alive.
    pub fn load(path: &str) -> Result<Tablebases, String> {
        Tablebases::open(path, files::scan(path)?)
    }

    /// Loads the tables of `path` that `files::scan` found there (see `load`).
    pub fn open(path: &str, found: Found) -> Result<Tablebases, String> {
        if path.contains('\0') {
            return Err("a path cannot hold a NUL character".to_string());
        }
        let folders = files::folders(path).join(":");
        let handle = TableBases::<Adapter>::new(&folders).map_err(|e| match e {
            TBError::AlreadyInitialized | TBError::NotSingleton => "other tables are still loaded".to_string(),
            other => format!("the tables in '{path}' could not be loaded ({other:?})"),
        })?;
        Ok(Tablebases { handle, found })
    }

    /// Most pieces (kings included) of a loaded WDL table.
    pub fn largest(&self) -> u32 {
        self.found.largest()
    }

    /// What was loaded, for an `info string`.
    pub fn describe(&self) -> String {
        let (wdl, dtz) = (self.found.wdl.len(), self.found.dtz.len());
        format!("{wdl} WDL and {dtz} DTZ tables, up to {} pieces", self.largest())
    }

    /// The WDL verdict for the side to move, as if the halfmove clock were 0. `None` when the position
    /// is not in the tables (castling rights, too many pieces, a missing table).
    pub fn probe_wdl(&self, board: &Board) -> Option<Wdl> {
        if !self.covers(board) {
            return None;
        }
        let [white, black, kings, queens, rooks, bishops, knights, pawns] = bitboards(board);
        let turn = board.side_to_move() == Color::White;
        let result =
            self.handle.probe_wdl(white, black, kings, queens, rooks, bishops, knights, pawns, en_passant(board), turn);
        result.ok().map(Wdl::from_probe)
    }

    /// Every legal move of `board` with its DTZ: plies to the next capture or pawn move with best
    /// play, counting the move itself, positive when the mover wins, negative when it loses, 0 for a
    /// draw (as if the halfmove clock were 0). `None` when the position or its DTZ table is not there.
    pub fn probe_dtz_moves(&self, board: &Board) -> Option<Vec<(Move, i32)>> {
        let probe = self.probe_root(board)?;
        let moves = probe.moves[..probe.num_moves].iter().map(|value| match value {
            DtzProbeValue::DtzResult(result) => {
                let mv = Move {
                    from: Square::index(result.from_square as usize & 63),
                    to: Square::index(result.to_square as usize & 63),
                    promotion: promotion(result.promotion),
                };
                board.is_legal(mv).then_some((mv, signed_dtz(Wdl::from_probe(result.wdl), result.dtz)))
            }
            _ => None,
        });
        moves.collect()
    }

    /// The DTZ of `board` itself, for the side to move (the sign as in `probe_dtz_moves`).
    pub fn probe_dtz(&self, board: &Board) -> Option<i32> {
        match self.probe_root(board)?.root {
            DtzProbeValue::DtzResult(result) => Some(signed_dtz(Wdl::from_probe(result.wdl), result.dtz)),
            _ => None,
        }
    }

    fn probe_root(&self, board: &Board) -> Option<pyrrhic_rs::DtzProbeResult> {
        if !self.covers(board) || !self.has_dtz(board) {
            return None;
        }
        let [white, black, kings, queens, rooks, bishops, knights, pawns] = bitboards(board);
        let turn = board.side_to_move() == Color::White;
        // The clock is left at 0: the caller ranks the moves by the real one.
        let ep = en_passant(board);
        let probe = self.handle.probe_root(white, black, kings, queens, rooks, bishops, knights, pawns, 0, ep, turn);
        probe.ok()
    }

    /// Whether the tables can answer for `board`: no castling rights, few enough pieces.
    fn covers(&self, board: &Board) -> bool {
        let rights = [Color::White, Color::Black].map(|c| *board.castle_rights(c));
        let no_rights = rights.iter().all(|r| r.short.is_none() && r.long.is_none());
        no_rights && board.occupied().len() <= self.largest()
    }

    /// Whether the DTZ table of `board`'s material is there.
    fn has_dtz(&self, board: &Board) -> bool {
        let (white, black) = (material(board, Color::White), material(board, Color::Black));
        self.found.dtz.contains(&format!("{white}v{black}")) || self.found.dtz.contains(&format!("{black}v{white}"))
    }
}

/// The sign of a DTZ from its verdict.
fn signed_dtz(wdl: Wdl, dtz: u16) -> i32 {
    wdl.value().signum() * i32::from(dtz)
}

fn promotion(piece: pyrrhic_rs::Piece) -> Option<Piece> {
    match piece {
        pyrrhic_rs::Piece::Queen => Some(Piece::Queen),
        pyrrhic_rs::Piece::Rook => Some(Piece::Rook),
        pyrrhic_rs::Piece::Bishop => Some(Piece::Bishop),
        pyrrhic_rs::Piece::Knight => Some(Piece::Knight),
        _ => None,
    }
}

/// A side's pieces as a table name writes them: `KRP`.
fn material(board: &Board, color: Color) -> String {
    let order = [(Piece::King, 'K'), (Piece::Queen, 'Q'), (Piece::Rook, 'R')];
    let order = order.into_iter().chain([(Piece::Bishop, 'B'), (Piece::Knight, 'N'), (Piece::Pawn, 'P')]);
    order
        .flat_map(|(piece, letter)| std::iter::repeat_n(letter, board.colored_pieces(color, piece).len() as usize))
        .collect()
}

/// White, black, then kings to pawns, as the probing code takes them.
fn bitboards(board: &Board) -> [u64; 8] {
    let pieces = |piece| board.pieces(piece).0;
    [
        board.colors(Color::White).0,
        board.colors(Color::Black).0,
        pieces(Piece::King),
        pieces(Piece::Queen),
        pieces(Piece::Rook),
        pieces(Piece::Bishop),
        pieces(Piece::Knight),
        pieces(Piece::Pawn),
    ]
}

/// The en-passant target square's index, or 0 for none (the probing code's convention).
fn en_passant(board: &Board) -> u32 {
    board.en_passant().map_or(0, |file| Square::new(file, Rank::Sixth.relative_to(board.side_to_move())) as u32)
}
