//! The endgame tables: every tsivy and dimy position of at most four pieces, solved, and on the desktop of five.
//! The game builds them in the background when it starts (a thread of their own on the desktop: the four-piece
//! tables in about a second, then the five-piece ones, about half a minute for tsivy; slices of the
//! frames on the web, four pieces only) and gives them to the computer's searches once they are ready: strong and
//! master then play those endings perfectly. Until then, and for the levels below, the computer searches as it
//! would without them.

use std::sync::Arc;

use bevy::prelude::*;
use fanorona_ai::tablebase::{Tablebase, TablebaseBuilder};
use fanorona_rules::Variant;

use super::engine::{EngineJob, Polled, SliceBudget};

/// The builds in order, each replacing the smaller tables of its variant when ready: on the desktop the four-piece
/// tables first, so the computer has them within a second or two, then the five-piece ones (tsivy's are 37 million
/// positions: too many to build in slices or download on the web, which has the four-piece ones only).
#[cfg(not(target_arch = "wasm32"))]
const BUILDS: [(Variant, u32); 4] = [(Variant::Tsivy, 4), (Variant::Dimy, 4), (Variant::Dimy, 5), (Variant::Tsivy, 5)];
#[cfg(target_arch = "wasm32")]
const BUILDS: [(Variant, u32); 2] = [(Variant::Tsivy, 4), (Variant::Dimy, 4)];

/// A build in progress, and the builds still to start.
type Build = (EngineJob<TablebaseBuilder>, Vec<(Variant, u32)>);

/// The tables built so far, and the build in progress.
#[derive(Resource, Default)]
pub struct EndgameTables {
    ready: Vec<Arc<Tablebase>>,
    job: Option<Build>,
}

impl EndgameTables {
    /// Tables that are ready (for a test or a scene that builds them itself).
    pub fn with(tables: Vec<Tablebase>) -> EndgameTables {
        EndgameTables { ready: tables.into_iter().map(Arc::new).collect(), job: None }
    }

    /// The tables of `variant`, once built.
    pub fn get(&self, variant: Variant) -> Option<Arc<Tablebase>> {
        self.ready.iter().find(|t| t.variant() == variant).cloned()
    }

    /// Whether tables are still being built.
    pub fn building(&self) -> bool {
        self.job.is_some()
    }

    /// Makes `table` the tables of its variant, in place of smaller ones.
    fn add(&mut self, table: Tablebase) {
        info!("endgame tables ready: {}, up to {} pieces", table.variant(), table.pieces());
        self.ready.retain(|t| t.variant() != table.variant());
        self.ready.push(Arc::new(table));
    }
}

/// Builds the tables in the background from the start (the game; the headless tests add it only where they look
/// at the tables, since a build takes a second of a core).
pub fn plugin(app: &mut App) {
    app.init_resource::<EndgameTables>()
        .add_systems(Startup, start_building)
        .add_systems(Update, poll_building.run_if(|tables: Res<EndgameTables>| tables.building()));
}

fn start_building(mut tables: ResMut<EndgameTables>) {
    if !tables.ready.is_empty() || tables.building() {
        return;
    }
    tables.job = next_build(BUILDS.to_vec());
}

/// The build of the first of `left` that can be built (an engine job: on the desktop a thread of its own, so the
/// computer's searches do not wait behind a half-minute build).
fn next_build(mut left: Vec<(Variant, u32)>) -> Option<Build> {
    while !left.is_empty() {
        let (variant, pieces) = left.remove(0);
        match TablebaseBuilder::with_pieces(variant, pieces) {
            Ok(builder) => return Some((EngineJob::start(builder), left)),
            // The computer plays on without them.
            Err(e) => warn!("the {variant} endgame tables were not built: {e}"),
        }
    }
    None
}

fn poll_building(mut tables: ResMut<EndgameTables>, mut budget: ResMut<SliceBudget>) {
    let Some((job, _)) = tables.job.as_mut() else { return };
    let built = match job.poll(&mut budget) {
        Polled::Working => return,
        Polled::Done(table, _) => Some(table),
        Polled::Failed => None,
    };
    let left = tables.job.take().map(|(_, left)| left).unwrap_or_default();
    if let Some(table) = built {
        tables.add(table);
    }
    tables.job = next_build(left);
}
