//! Saving and loading records. A save is atomic: the text goes to a temporary file in the same
//! folder, is flushed and fsynced, renamed over the old file, and the folder is fsynced, so a
//! crash or a kill at any moment leaves the previous save or the new one, never a mix. A save
//! that cannot be read is moved aside with a timestamp (never deleted) and reported as a
//! [`LoadOutcome`] with a message in English and Finnish; the game then starts as usual.

use crate::format::MatchRecord;
use crate::lang::Lang;
use crate::parse::{RecordErrorKind, parse_record};
use crate::time::utc_stamp;
use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// Overrides the data folder (tests, portable installs).
pub const DATA_DIR_ENV: &str = "BILJARDI_DATA_DIR";
/// The running match's save in the data folder.
pub const AUTOSAVE_FILE: &str = "autosave.json";
/// Finished matches, kept for the replay viewer.
pub const MATCHES_DIR: &str = "matches";

/// The folder for saves: `$BILJARDI_DATA_DIR` if set, else the platform's data folder
/// (`~/.local/share/biljardi` on Linux, `~/Library/Application Support/biljardi` on macOS,
/// `%APPDATA%\biljardi\data` on Windows). `None` without a home folder.
pub fn data_dir() -> Option<PathBuf> {
    if let Some(d) = std::env::var_os(DATA_DIR_ENV).filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(d));
    }
    directories::ProjectDirs::from("", "", "biljardi").map(|p| p.data_dir().to_path_buf())
}

/// `data_dir()/autosave.json`.
pub fn autosave_path() -> Option<PathBuf> {
    data_dir().map(|d| d.join(AUTOSAVE_FILE))
}

/// The temporary file a save of `path` writes first (one per target, in the same folder so the
/// rename stays on one file system).
pub fn temp_path(path: &Path) -> PathBuf {
    let name = path.file_name().map_or_else(|| "record".into(), |n| n.to_string_lossy().into_owned());
    path.with_file_name(format!(".{name}.tmp"))
}

/// Writes `record` to `path` atomically (see the module's doc), creating the folder.
pub fn save(path: &Path, record: &MatchRecord) -> io::Result<()> {
    let text = serde_json::to_vec(record).map_err(io::Error::other)?;
    write_atomic(path, &text)
}

/// Writes `bytes` to `path` atomically.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    fs::create_dir_all(&dir)?;
    let tmp = temp_path(path);
    {
        let mut f = File::create(&tmp)?;
        f.write_all(bytes)?;
        f.flush()?;
        f.sync_all()?;
    }
    fs::rename(&tmp, path)?;
    sync_dir(&dir)
}

/// Makes the rename itself durable (POSIX: the directory entry lives in the folder).
#[cfg(unix)]
fn sync_dir(dir: &Path) -> io::Result<()> {
    File::open(dir)?.sync_all()
}

/// Windows cannot open a folder as a file; its rename (MoveFileEx with replace) is
/// journalled by NTFS.
#[cfg(not(unix))]
fn sync_dir(_dir: &Path) -> io::Result<()> {
    Ok(())
}

/// What reading a save found.
#[derive(Debug)]
pub enum LoadOutcome {
    /// No save: nothing to continue.
    Missing,
    Loaded(Box<MatchRecord>),
    /// The file could not be read or is not a valid record; it was moved to `moved_to`
    /// (`None` if even that failed; then it is still at its place).
    Damaged {
        error: String,
        moved_to: Option<PathBuf>,
    },
    /// Written by a newer Biljardi; moved aside so this version's next save cannot overwrite it.
    TooNew {
        version: u64,
        moved_to: Option<PathBuf>,
    },
}

impl LoadOutcome {
    /// What to tell the player, or `None` when there is nothing to say.
    pub fn message(&self, lang: Lang) -> Option<String> {
        let shown = |p: &Option<PathBuf>| p.as_ref().map(|p| p.display().to_string());
        match (self, lang) {
            (LoadOutcome::Missing | LoadOutcome::Loaded(_), _) => None,
            (LoadOutcome::Damaged { error, moved_to }, Lang::En) => Some(match shown(moved_to) {
                Some(p) => {
                    format!("The saved match could not be read ({error}). It was kept as {p}; a new match starts.")
                }
                None => format!("The saved match could not be read ({error}) nor moved aside; a new match starts."),
            }),
            (LoadOutcome::Damaged { error, moved_to }, Lang::Fi) => Some(match shown(moved_to) {
                Some(p) => format!(
                    "Tallennettua ottelua ei voitu lukea ({error}). Se säilytettiin nimellä {p}; uusi ottelu alkaa."
                ),
                None => {
                    format!("Tallennettua ottelua ei voitu lukea ({error}) eikä siirtää syrjään; uusi ottelu alkaa.")
                }
            }),
            (LoadOutcome::TooNew { version, moved_to }, Lang::En) => Some(format!(
                "The saved match was written by a newer version of Biljardi (format {version}); this version cannot continue it.{}",
                shown(moved_to).map(|p| format!(" It was kept as {p}.")).unwrap_or_default()
            )),
            (LoadOutcome::TooNew { version, moved_to }, Lang::Fi) => Some(format!(
                "Tallennettu ottelu on Biljardin uudemmasta versiosta (muoto {version}); tämä versio ei voi jatkaa sitä.{}",
                shown(moved_to).map(|p| format!(" Se säilytettiin nimellä {p}.")).unwrap_or_default()
            )),
        }
    }

    /// The record, if one was loaded.
    pub fn record(&self) -> Option<&MatchRecord> {
        match self {
            LoadOutcome::Loaded(r) => Some(r),
            _ => None,
        }
    }
}

/// Reads the save at `path`. Never fails and never deletes: see [`LoadOutcome`].
pub fn load(path: &Path) -> LoadOutcome {
    let bytes = match fs::read(path) {
        Ok(b) => b,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return LoadOutcome::Missing,
        Err(e) => return LoadOutcome::Damaged { error: e.to_string(), moved_to: move_aside(path, "damaged") },
    };
    let text = match String::from_utf8(bytes) {
        Ok(t) => t,
        Err(_) => {
            return LoadOutcome::Damaged { error: "not UTF-8 text".into(), moved_to: move_aside(path, "damaged") };
        }
    };
    match parse_record(&text) {
        Ok(r) => LoadOutcome::Loaded(Box::new(r)),
        Err(e) => match e.kind {
            RecordErrorKind::TooNew { version } => LoadOutcome::TooNew { version, moved_to: move_aside(path, "newer") },
            RecordErrorKind::Invalid => {
                LoadOutcome::Damaged { error: e.to_string(), moved_to: move_aside(path, "damaged") }
            }
        },
    }
}

/// Renames `path` to `<stem>.<why>-<UTC stamp>[-n].<ext>` beside it; the new path, or `None`
/// if the rename failed.
pub fn move_aside(path: &Path, why: &str) -> Option<PathBuf> {
    let stem = path.file_stem().map_or_else(|| "record".into(), |s| s.to_string_lossy().into_owned());
    let ext = path.extension().map(|e| format!(".{}", e.to_string_lossy())).unwrap_or_default();
    let stamp = utc_stamp(crate::now_unix_s());
    for n in 1..1000 {
        let suffix = if n == 1 { String::new() } else { format!("-{n}") };
        let target = path.with_file_name(format!("{stem}.{why}-{stamp}{suffix}{ext}"));
        if target.exists() {
            continue;
        }
        return fs::rename(path, &target).ok().map(|_| target);
    }
    None
}

/// The autosave of the data folder, read as [`load`] does (`Missing` without a data folder).
pub fn load_autosave() -> LoadOutcome {
    match autosave_path() {
        Some(p) => load(&p),
        None => LoadOutcome::Missing,
    }
}

/// Saves `record` as the data folder's autosave.
pub fn save_autosave(record: &MatchRecord) -> io::Result<()> {
    let path =
        autosave_path().ok_or_else(|| io::Error::new(io::ErrorKind::NotFound, "no data folder (no home folder)"))?;
    save(&path, record)
}

/// Moves the autosave of a finished match to `matches/match-<UTC stamp>.json` (for the replay
/// viewer) so that the menu no longer offers to continue it. The new path, if there was one.
pub fn archive_autosave() -> io::Result<Option<PathBuf>> {
    let (Some(dir), Some(path)) = (data_dir(), autosave_path()) else { return Ok(None) };
    if !path.exists() {
        return Ok(None);
    }
    let folder = dir.join(MATCHES_DIR);
    fs::create_dir_all(&folder)?;
    let stamp = utc_stamp(crate::now_unix_s());
    let mut target = folder.join(format!("match-{stamp}.json"));
    let mut n = 2;
    while target.exists() {
        target = folder.join(format!("match-{stamp}-{n}.json"));
        n += 1;
    }
    fs::rename(&path, &target)?;
    sync_dir(&dir)?;
    Ok(Some(target))
}
