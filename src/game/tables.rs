//! The endgame tables: every tsivy and dimy position of at most four pieces, solved, and on the desktop of five.
//! The game builds them in the background when it starts (a thread of their own on the desktop: the four-piece
//! tables in about a second, then the five-piece ones, about half a minute for tsivy; slices of the
//! frames on the web, four pieces only) and gives them to the computer's searches once they are ready: strong and
//! master then play those endings perfectly. Until then, and for the levels below, the computer searches as it
//! would without them.

use std::sync::Arc;

use bevy::prelude::*;
use fanorona_ai::tablebase::Tablebase;
#[cfg(target_arch = "wasm32")]
use fanorona_ai::tablebase::TablebaseBuilder;
use fanorona_rules::Variant;

/// The variants that have tables (telo is solved by its own player).
#[cfg(target_arch = "wasm32")]
const VARIANTS: [Variant; 2] = [Variant::Tsivy, Variant::Dimy];

/// The desktop's builds in order, each replacing the smaller tables of its variant when ready: the four-piece tables
/// first, so the computer has them within a second or two, then the five-piece ones (tsivy's are 37 million
/// positions: too many to build in slices or download on the web).
#[cfg(not(target_arch = "wasm32"))]
const DESKTOP_BUILDS: [(Variant, u32); 4] =
    [(Variant::Tsivy, 4), (Variant::Dimy, 4), (Variant::Dimy, 5), (Variant::Tsivy, 5)];

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

/// A build in progress.
enum Build {
    /// One table on a thread (desktop); the builds still to start.
    #[cfg(not(target_arch = "wasm32"))]
    Thread(std::thread::JoinHandle<Option<Tablebase>>, Vec<(Variant, u32)>),
    /// One variant at a time, a slice a frame on the main thread (web); the variants still to build.
    #[cfg(target_arch = "wasm32")]
    Sliced(Box<TablebaseBuilder>, Vec<Variant>),
}

/// Milliseconds a frame spent building on the web: less than the computer's own slice, as the start screen is
/// usually showing meanwhile.
#[cfg(target_arch = "wasm32")]
const WEB_SLICE_MS: f64 = 4.0;

/// Builds the tables in the background from the start (the game; the headless tests add it only where they look
/// at the tables, since a build takes a second of a core).
pub struct EndgameTablesPlugin;

impl Plugin for EndgameTablesPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<EndgameTables>()
            .add_systems(Startup, start_building)
            .add_systems(Update, poll_building.run_if(|tables: Res<EndgameTables>| tables.building()));
    }
}

fn start_building(mut tables: ResMut<EndgameTables>) {
    if !tables.ready.is_empty() || tables.building() {
        return;
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        tables.job = next_task(DESKTOP_BUILDS.to_vec());
    }
    #[cfg(target_arch = "wasm32")]
    {
        tables.job = next_builder(VARIANTS.to_vec());
    }
}

/// The tables, or nothing if the build failed (then the computer plays on without them; the log says why).
fn built<T, E: std::fmt::Display>(result: Result<T, E>, variant: Variant) -> Option<T> {
    result.map_err(|e| warn!("the {variant} endgame tables were not built: {e}")).ok()
}

/// A thread building the first table of `left` that a thread could be started for. A thread of its own, not the
/// async compute pool: the computer thinks on the pool, which has a single thread on two cores, and would wait
/// behind a half-minute build.
#[cfg(not(target_arch = "wasm32"))]
fn next_task(mut left: Vec<(Variant, u32)>) -> Option<Build> {
    while !left.is_empty() {
        let (variant, pieces) = left.remove(0);
        let thread = std::thread::Builder::new()
            .name(format!("{variant} endgame tables"))
            .spawn(move || built(Tablebase::build_pieces(variant, pieces), variant));
        if let Some(thread) = built(thread, variant) {
            return Some(Build::Thread(thread, left));
        }
    }
    None
}

/// A builder for the first variant of `left` that can be built.
#[cfg(target_arch = "wasm32")]
fn next_builder(mut left: Vec<Variant>) -> Option<Build> {
    while !left.is_empty() {
        let variant = left.remove(0);
        if let Some(builder) = built(TablebaseBuilder::new(variant), variant) {
            return Some(Build::Sliced(Box::new(builder), left));
        }
    }
    None
}

fn poll_building(mut tables: ResMut<EndgameTables>) {
    let tables = &mut *tables;
    match tables.job.take() {
        #[cfg(not(target_arch = "wasm32"))]
        Some(Build::Thread(thread, left)) => {
            if !thread.is_finished() {
                tables.job = Some(Build::Thread(thread, left));
                return;
            }
            match thread.join() {
                Ok(Some(table)) => tables.add(table),
                Ok(None) => {}
                Err(_) => warn!("the endgame tables' build stopped with a panic"),
            }
            tables.job = next_task(left);
        }
        #[cfg(target_arch = "wasm32")]
        Some(Build::Sliced(mut builder, left)) => {
            let started = web_time::Instant::now();
            while !builder.step(2_000) {
                if started.elapsed().as_secs_f64() * 1000.0 >= WEB_SLICE_MS {
                    tables.job = Some(Build::Sliced(builder, left));
                    return;
                }
            }
            if let Some(table) = builder.finish() {
                tables.add(table);
            }
            tables.job = next_builder(left);
        }
        None => {}
    }
}
