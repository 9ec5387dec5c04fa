//! The web game's files at `/` (the folder `web/build.sh` fills): tower-http's `ServeDir` with the precompressed
//! `.br` and `.gz` files beside the large ones, and around it what it leaves out: `Vary: Accept-Encoding`, caching
//! by name, and no dot-files nor symbolic links out of the folder.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use axum::Router;
use axum::extract::{Request, State};
use axum::http::header::{CACHE_CONTROL, VARY};
use axum::http::{HeaderValue, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use tower_http::services::ServeDir;

/// For a file whose name carries its content's hash: a new build has new names, so a copy is good for ever.
const IMMUTABLE: HeaderValue = HeaderValue::from_static("public, max-age=31536000, immutable");

/// For the rest (index.html, sw.js, the manifest, the icons): the browser asks again each time (a 304 when
/// unchanged), so that a new build's index.html, naming the new hashed files, and its service worker are seen.
const NO_CACHE: HeaderValue = HeaderValue::from_static("no-cache");

/// The suffixes of the precompressed copies that `ServeDir` may answer with instead of a file.
const PRECOMPRESSED: [&str; 2] = [".br", ".gz"];

/// The service answering every request the routes leave to the files in `dir`.
pub(crate) fn router(dir: &Path) -> Router {
    // Brotli first when a browser takes both at the same weight (tower-http prefers br, then gzip, then identity).
    let files = ServeDir::new(dir).precompressed_br().precompressed_gzip();
    Router::new().fallback_service(files).layer(middleware::from_fn_with_state(Arc::new(dir.to_path_buf()), guard))
}

/// Refuses dot-files and links out of `dir`, then adds the headers `ServeDir` does not set.
async fn guard(State(dir): State<Arc<PathBuf>>, request: Request, next: Next) -> Response {
    // `ServeDir` decodes the path the same way before looking for the file.
    let Ok(path) = percent_encoding::percent_decode_str(request.uri().path()).decode_utf8() else {
        return StatusCode::NOT_FOUND.into_response();
    };
    let segments: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
    // `.git`, `.env` and the like are never part of a build; `..` is one too (`ServeDir` refuses it as well).
    if segments.iter().any(|s| s.starts_with('.')) || leaves_folder(&dir, &segments).await {
        return StatusCode::NOT_FOUND.into_response();
    }
    let hashed = segments.last().is_some_and(|name| is_hashed(name));
    let mut response = next.run(request).await;
    let cacheable = response.status().is_success() || response.status() == StatusCode::NOT_MODIFIED;
    let headers = response.headers_mut();
    // The same URL answers brotli, gzip or plain bytes by the request's Accept-Encoding: a shared cache must keep
    // them apart.
    headers.append(VARY, HeaderValue::from_static("accept-encoding"));
    if cacheable {
        headers.insert(CACHE_CONTROL, if hashed { IMMUTABLE } else { NO_CACHE });
    }
    response
}

/// Whether a file `ServeDir` could answer for `segments` (the file, its precompressed copies, or a folder's
/// index.html and its copies) is a symbolic link, or lies in a folder that is one, leading out of `dir`. A link
/// inside `dir` is followed as before. A folder that does not exist leaves nothing to refuse.
async fn leaves_folder(dir: &Path, segments: &[&str]) -> bool {
    let Ok(root) = tokio::fs::canonicalize(dir).await else { return false };
    let file: PathBuf = segments.iter().fold(root.clone(), |path, segment| path.join(segment));
    for base in [file.clone(), file.join("index.html")] {
        let copies = PRECOMPRESSED.map(|suffix| {
            let mut name = base.clone().into_os_string();
            name.push(suffix);
            PathBuf::from(name)
        });
        for candidate in std::iter::once(base).chain(copies) {
            // Only what exists has a real path: a missing file is `ServeDir`'s 404.
            if let Ok(real) = tokio::fs::canonicalize(&candidate).await
                && !real.starts_with(&root)
            {
                return true;
            }
        }
    }
    false
}

/// Whether a file's name carries a content hash as `web/build.sh` writes it: `NAME-HASH.EXT`, the hash 8 or more
/// hexadecimal digits (`fanorona_bg-0123abcd.wasm`, and its `.br` and `.gz`).
fn is_hashed(name: &str) -> bool {
    let stem = name.split('.').next().unwrap_or(name);
    stem.rsplit_once('-').is_some_and(|(_, hash)| hash.len() >= 8 && hash.bytes().all(|b| b.is_ascii_hexdigit()))
}

#[cfg(test)]
mod tests {
    use super::is_hashed;

    #[test]
    fn hashed_names() {
        assert!(is_hashed("fanorona-0123abcd.js"));
        assert!(is_hashed("fanorona_bg-0123abcd.wasm.br"));
        assert!(!is_hashed("index.html"));
        assert!(!is_hashed("sw.js"));
        assert!(!is_hashed("icon-512.png"));
        assert!(!is_hashed("manifest.webmanifest"));
        assert!(!is_hashed("some-name.js"));
    }
}
