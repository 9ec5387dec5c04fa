//! The listening socket with a cap on the connections open at once from one IP address.

use std::collections::HashMap;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::{Arc, Mutex, PoisonError};
use std::task::{Context, Poll};

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};

/// The connections open per address, shared by the listener and the connections' slots.
type OpenCounts = Arc<Mutex<HashMap<IpAddr, usize>>>;

/// A [`TcpListener`] that closes a new connection at once when its address has `cap` open already: one address
/// cannot take all of the process's file handles. Loopback is counted like any address (a reverse proxy on the
/// same machine needs a larger cap, docs/DEPLOYMENT.md).
#[derive(Debug)]
pub struct CappedListener {
    listener: TcpListener,
    open: OpenCounts,
    cap: usize,
}

impl CappedListener {
    pub fn new(listener: TcpListener, cap: usize) -> CappedListener {
        CappedListener { listener, open: OpenCounts::default(), cap }
    }

    pub fn local_addr(&self) -> io::Result<SocketAddr> {
        self.listener.local_addr()
    }
}

impl axum::serve::Listener for CappedListener {
    type Io = CountedStream;
    type Addr = SocketAddr;

    async fn accept(&mut self) -> (CountedStream, SocketAddr) {
        loop {
            // axum's accept retries (after a pause) on errors such as too many open files.
            let (stream, address) = axum::serve::Listener::accept(&mut self.listener).await;
            let ip = address.ip();
            let admitted = {
                let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
                let count = open.entry(ip).or_insert(0);
                if *count < self.cap {
                    *count += 1;
                    true
                } else {
                    false
                }
            };
            if admitted {
                return (CountedStream { stream, _slot: Slot { open: Arc::clone(&self.open), ip } }, address);
            }
            // Dropping the stream closes it: no reply, which would cost the server more than the client.
            tracing::debug!("{ip} has {} connections open already: one more refused", self.cap);
        }
    }

    fn local_addr(&self) -> io::Result<SocketAddr> {
        self.listener.local_addr()
    }
}

/// One connection's place in its address's count, given back when the connection is dropped (a WebSocket keeps
/// the stream after the upgrade, so it holds the place until it closes).
#[derive(Debug)]
struct Slot {
    open: OpenCounts,
    ip: IpAddr,
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(count) = open.get_mut(&self.ip) {
            *count = count.saturating_sub(1);
            if *count == 0 {
                open.remove(&self.ip);
            }
        }
    }
}

/// A TCP stream holding its [`Slot`] (only for its drop).
#[derive(Debug)]
pub struct CountedStream {
    stream: TcpStream,
    _slot: Slot,
}

impl AsyncRead for CountedStream {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for CountedStream {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write(cx, buf)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}
