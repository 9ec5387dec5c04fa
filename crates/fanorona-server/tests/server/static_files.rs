//! The web game's files (issue 34, point 3; issue 31, point 6): the precompressed copies by Accept-Encoding, caching
//! by name, and neither dot-files nor symbolic links out of the folder. A plain HTTP/1.1 client on a TCP stream: the
//! answers are read as sent, not decoded.

use std::path::Path;

use crate::common::{TestServer, clock, get};

const WASM: &str = "fanorona_bg-0123abcd.wasm";

/// A folder as `web/build.sh` leaves it, in small: a hashed wasm with (fake) brotli and gzip copies that differ from
/// it and from each other, index.html and the service worker; and what must not be served: a dot-file, and links
/// to a file outside the folder.
fn static_dir(root: &Path) {
    let dist = root.join("dist");
    std::fs::create_dir(&dist).unwrap();
    std::fs::write(dist.join(WASM), b"\0asm\x01\0\0\0 the plain module").unwrap();
    std::fs::write(dist.join(format!("{WASM}.br")), b"brotli bytes").unwrap();
    std::fs::write(dist.join(format!("{WASM}.gz")), b"gzip bytes, longer than brotli's").unwrap();
    std::fs::write(dist.join("index.html"), b"<!doctype html><title>Fanorona</title>").unwrap();
    std::fs::write(dist.join("sw.js"), b"// the service worker").unwrap();
    std::fs::write(dist.join(".env"), b"SECRET=1").unwrap();
    std::fs::write(root.join("outside.txt"), b"not the game's").unwrap();
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink(root.join("outside.txt"), dist.join("link.txt")).unwrap();
        std::os::unix::fs::symlink(root, dist.join("up")).unwrap();
        // A link inside the folder stays served.
        std::os::unix::fs::symlink(dist.join("sw.js"), dist.join("same.js")).unwrap();
    }
}

#[tokio::test]
async fn precompressed_by_accept_encoding_and_cached_by_name() {
    let dir = tempfile::tempdir().unwrap();
    static_dir(dir.path());
    let server = TestServer::start(&dir.path().join("server.db"), &clock()).await;
    let address = server.url.trim_start_matches("ws://").trim_end_matches("/ws").to_owned();
    let dist = dir.path().join("dist");
    let path = format!("/{WASM}");

    // What Chromium sends, what a gzip-only client sends, and nothing.
    for (accept, suffix, encoding) in
        [(Some("gzip, deflate, br, zstd"), ".br", Some("br")), (Some("gzip"), ".gz", Some("gzip")), (None, "", None)]
    {
        let answer = get(&address, &path, accept).await;
        assert_eq!(answer.status, 200, "{accept:?}");
        assert_eq!(answer.body, std::fs::read(dist.join(format!("{WASM}{suffix}"))).unwrap(), "{accept:?}");
        assert_eq!(answer.header("content-encoding"), encoding, "{accept:?}");
        // The type of the module, not of its compressed copy: browsers compile a wasm as it streams in only then.
        assert_eq!(answer.header("content-type"), Some("application/wasm"), "{accept:?}");
        assert_eq!(answer.header("vary"), Some("accept-encoding"), "{accept:?}");
        assert_eq!(answer.header("cache-control"), Some("public, max-age=31536000, immutable"), "{accept:?}");
    }

    for path in ["/", "/index.html", "/sw.js"] {
        let answer = get(&address, path, Some("br")).await;
        assert_eq!(answer.status, 200, "{path}");
        assert_eq!(answer.header("cache-control"), Some("no-cache"), "{path}");
        assert_eq!(answer.header("content-encoding"), None, "{path}: it has no compressed copy");
    }
    assert_eq!(get(&address, "/sw.js", None).await.header("content-type"), Some("text/javascript"));

    // Dot-files, plainly or percent-encoded, and links out of the folder are not there; a link inside it is.
    for path in ["/.env", "/%2eenv", "/link.txt", "/up/outside.txt"] {
        assert_eq!(get(&address, path, None).await.status, 404, "{path}");
    }
    #[cfg(unix)]
    assert_eq!(get(&address, "/same.js", None).await.body, b"// the service worker");
}

/// What a supervisor and a load balancer ask: alive, and ready for players (the database answers).
#[tokio::test]
async fn health_and_readiness_answer_without_the_web_game() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start(&dir.path().join("server.db"), &clock()).await;
    let address = server.url.trim_start_matches("ws://").trim_end_matches("/ws").to_owned();
    for (path, said) in [("/healthz", "ok\n"), ("/readyz", "ready\n")] {
        let answer = get(&address, path, None).await;
        assert_eq!((answer.status, String::from_utf8_lossy(&answer.body).as_ref()), (200, said), "{path}");
    }
}
