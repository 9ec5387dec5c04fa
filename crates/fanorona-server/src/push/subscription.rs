//! What a browser sends to subscribe, checked before anything is stored: the push service's address (the server
//! will post to it, so only push services' addresses are taken), the keys and the words.

use axum::http::Uri;
use axum::http::uri::Scheme;
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use web_push_native::Auth;

use super::vapid::origin;
use crate::error::Refusal;
use crate::protocol::{
    ErrorCode, MAX_PUSH_ENDPOINT_BYTES, MAX_PUSH_WORD_BYTES, PushEvent, PushKeys, PushSubscription, PushWords,
};

/// The browsers' push services: a subscription's address must be `https://` on one of these hosts or a host under
/// one (Chrome and the browsers built on it, Firefox, Safari, Edge).
const BROWSER_SERVICES: &[&str] =
    &["fcm.googleapis.com", "push.services.mozilla.com", "push.apple.com", "notify.windows.com"];

/// The push services a subscription may name: the browsers' own, and the origins the operator adds (a self-hosted
/// push service, or a test's on loopback).
#[derive(Clone, Debug, Default)]
pub struct Services {
    /// Origins such as `https://push.example.org`, in the form of `--allowed-origin` (lower case, no path).
    pub extra: Vec<String>,
}

impl Services {
    /// Whether the server may post to `endpoint`.
    pub fn allow(&self, endpoint: &Uri) -> bool {
        let (Some(authority), Some(_)) = (endpoint.authority(), endpoint.scheme()) else { return false };
        // No user or password before the host: they would hide where the request goes in what is logged.
        if authority.as_str().contains('@') {
            return false;
        }
        if self.extra.contains(&origin(endpoint).to_ascii_lowercase()) {
            return true;
        }
        let host = authority.host().to_ascii_lowercase();
        endpoint.scheme() == Some(&Scheme::HTTPS)
            && authority.port_u16().is_none_or(|port| port == 443)
            && BROWSER_SERVICES
                .iter()
                .any(|service| host == *service || host.strip_suffix(service).is_some_and(|below| below.ends_with('.')))
    }
}

/// A browser's keys, read.
#[derive(Clone, Debug)]
pub struct BrowserKeys {
    /// Its P-256 public key.
    pub public: p256::PublicKey,
    /// Its authentication secret.
    pub auth: Auth,
}

impl BrowserKeys {
    /// Reads a subscription's keys, or says what is wrong with them.
    pub fn read(keys: &PushKeys) -> Result<BrowserKeys, String> {
        let public =
            URL_SAFE_NO_PAD.decode(keys.p256dh.trim_end_matches('=')).map_err(|_| "p256dh is not base64url")?;
        let public = p256::PublicKey::from_sec1_bytes(&public).map_err(|_| "p256dh is not a P-256 public key")?;
        let auth = URL_SAFE_NO_PAD.decode(keys.auth.trim_end_matches('=')).map_err(|_| "auth is not base64url")?;
        if auth.len() != 16 {
            return Err(format!("auth has {} bytes, not 16", auth.len()));
        }
        Ok(BrowserKeys { public, auth: Auth::clone_from_slice(&auth) })
    }
}

/// Checks a subscription request; returns its endpoint read and its events, each once, in the protocol's order.
pub fn check(
    subscription: &PushSubscription,
    events: &[PushEvent],
    words: &PushWords,
    services: &Services,
) -> Result<(Uri, Vec<PushEvent>), Refusal> {
    let bad = |message: String| Refusal::new(ErrorCode::BadSubscription, message);
    if subscription.endpoint.len() > MAX_PUSH_ENDPOINT_BYTES {
        return Err(bad(format!("the endpoint is longer than {MAX_PUSH_ENDPOINT_BYTES} bytes")));
    }
    let endpoint: Uri = subscription.endpoint.parse().map_err(|_| bad("the endpoint is not an address".into()))?;
    if !services.allow(&endpoint) {
        return Err(bad("the endpoint is not the address of a push service this server posts to".into()));
    }
    BrowserKeys::read(&subscription.keys).map_err(bad)?;
    for (name, word) in words.each() {
        if word.len() > MAX_PUSH_WORD_BYTES {
            return Err(bad(format!("the words for {name} are longer than {MAX_PUSH_WORD_BYTES} bytes")));
        }
        if word.trim().is_empty() {
            return Err(bad(format!("the words for {name} are empty")));
        }
    }
    let mut events = events.to_vec();
    events.sort_unstable();
    events.dedup();
    Ok((endpoint, events))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn allowed(services: &Services, endpoint: &str) -> bool {
        services.allow(&endpoint.parse().unwrap())
    }

    #[test]
    fn only_push_services_addresses_are_taken() {
        let browsers = Services::default();
        for endpoint in [
            "https://fcm.googleapis.com/fcm/send/abc:def",
            "https://updates.push.services.mozilla.com/wpush/v2/gAAAA",
            "https://web.push.apple.com/QGz",
            "https://wns2-by3p.notify.windows.com/w/?token=BQYAAA",
            "https://FCM.googleapis.com:443/fcm/send/x",
        ] {
            assert!(allowed(&browsers, endpoint), "{endpoint}");
        }
        for endpoint in [
            "http://fcm.googleapis.com/fcm/send/abc",
            "https://fcm.googleapis.com:8443/fcm/send/abc",
            "https://evilfcm.googleapis.com.example.org/x",
            "https://notfcm.googleapis.com/x",
            "https://127.0.0.1/x",
            "https://user@fcm.googleapis.com/x",
            "https://localhost/x",
            "/relative",
        ] {
            assert!(!allowed(&browsers, endpoint), "{endpoint}");
        }
        let own = Services { extra: vec!["http://127.0.0.1:9000".into()] };
        assert!(allowed(&own, "http://127.0.0.1:9000/push/1"));
        assert!(!allowed(&own, "http://127.0.0.1:9001/push/1"));
        assert!(!allowed(&own, "https://127.0.0.1:9000/push/1"));
    }

    #[test]
    fn keys_that_are_not_a_browsers_are_refused() {
        let point = p256::SecretKey::from_slice(&[7; 32]).unwrap().public_key();
        let p256dh = URL_SAFE_NO_PAD.encode(p256::EncodedPoint::from(point).as_bytes());
        let auth = URL_SAFE_NO_PAD.encode([1; 16]);
        assert!(BrowserKeys::read(&PushKeys { p256dh: p256dh.clone(), auth: auth.clone() }).is_ok());
        let mut not_on_the_curve = URL_SAFE_NO_PAD.decode(&p256dh).unwrap();
        not_on_the_curve[40] ^= 1;
        for (p256dh, auth) in [
            (String::new(), auth.clone()),
            ("!!!".into(), auth.clone()),
            (URL_SAFE_NO_PAD.encode([4; 65]), auth.clone()),
            (URL_SAFE_NO_PAD.encode(not_on_the_curve), auth.clone()),
            (p256dh.clone(), URL_SAFE_NO_PAD.encode([1; 15])),
            (p256dh.clone(), "#".into()),
        ] {
            assert!(
                BrowserKeys::read(&PushKeys { p256dh: p256dh.clone(), auth: auth.clone() }).is_err(),
                "{p256dh} {auth}"
            );
        }
    }
}
