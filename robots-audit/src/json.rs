//! JSON-lines logs: one object per line, its field names configurable.

use crate::clf::{status_code, target_of};
use crate::request::{client_address, Malformed, Request};
use crate::time::any_time;
use serde_json::{Map, Value};
use std::net::IpAddr;

/// Which keys of a JSON log object hold what. Each field lists the keys tried,
/// in order; the first present wins.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JsonFields {
    /// The virtual host.
    pub host: Vec<String>,
    /// The time: RFC 3339, Common Log Format, or seconds since the epoch.
    pub time: Vec<String>,
    /// The request target (`/path?query`), or a whole request line (`GET /a HTTP/1.1`).
    pub target: Vec<String>,
    /// The response status.
    pub status: Vec<String>,
    /// The User-Agent header.
    pub user_agent: Vec<String>,
    /// The client's address (`192.0.2.1`, `2001:db8::1`, with or without a port).
    pub client: Vec<String>,
}

impl Default for JsonFields {
    /// The names nginx's and Apache's JSON log formats, and the common log
    /// shippers, use.
    fn default() -> Self {
        let names = |list: &[&str]| list.iter().map(|s| (*s).to_owned()).collect();
        JsonFields {
            host: names(&["host", "vhost", "http_host", "server_name"]),
            time: names(&[
                "time",
                "timestamp",
                "@timestamp",
                "time_local",
                "time_iso8601",
                "ts",
            ]),
            target: names(&["path", "uri", "request_uri", "url", "request"]),
            status: names(&["status", "status_code", "response"]),
            user_agent: names(&["user_agent", "http_user_agent", "userAgent", "ua", "agent"]),
            client: names(&[
                "remote_addr",
                "client_ip",
                "clientip",
                "client_addr",
                "ip",
                "remote_ip",
                "remoteIp",
                "c-ip",
            ]),
        }
    }
}

impl JsonFields {
    /// Put `key` first for `field` (`host`, `time`, `target`, `status`,
    /// `user_agent` or `client`). Unknown field names are an error naming the
    /// valid ones.
    ///
    /// # Errors
    /// When `field` is none of those names.
    pub fn prefer(&mut self, field: &str, key: &str) -> Result<(), String> {
        let list = match field {
            "host" => &mut self.host,
            "time" => &mut self.time,
            "target" | "path" | "url" => &mut self.target,
            "status" => &mut self.status,
            "user_agent" | "user-agent" | "ua" => &mut self.user_agent,
            "client" | "client_ip" | "ip" => &mut self.client,
            _ => {
                return Err(format!(
                    "unknown log field `{field}`: expected host, time, target, status, user_agent or client"
                ))
            }
        };
        list.insert(0, key.to_owned());
        Ok(())
    }
}

/// A request read from a JSON line: owned, since JSON strings may hold escapes.
#[derive(Debug, Default)]
pub(crate) struct JsonRequest {
    host: Option<String>,
    time: Option<i64>,
    target: String,
    status: Option<u16>,
    user_agent: String,
    client: Option<IpAddr>,
}

impl JsonRequest {
    /// The request, borrowing this one.
    pub(crate) fn view(&self) -> Request<'_> {
        Request {
            host: self.host.as_deref().map(str::as_bytes),
            client: self.client,
            time: self.time,
            target: self.target.as_bytes(),
            status: self.status,
            user_agent: self.user_agent.as_bytes(),
        }
    }
}

/// Read one JSON line.
pub(crate) fn parse(line: &[u8], fields: &JsonFields) -> Result<JsonRequest, Malformed> {
    let object: Map<String, Value> =
        serde_json::from_slice(line).map_err(|_| Malformed::NotJson)?;
    let find = |keys: &[String]| keys.iter().find_map(|k| object.get(k));
    let text = |keys: &[String]| find(keys).and_then(Value::as_str).map(str::to_owned);
    let target = text(&fields.target).ok_or(Malformed::NotJson)?;
    // A whole request line (`GET /a HTTP/1.1`) holds the target second.
    let target = if target.contains(' ') {
        target_of(target.as_bytes())
            .and_then(|t| core::str::from_utf8(t).ok())
            .map(str::to_owned)
            .ok_or(Malformed::NoTarget)?
    } else {
        target
    };
    let time = find(&fields.time).and_then(|v| match v {
        Value::Number(n) => n.as_i64().or_else(|| n.as_f64().map(|f| f as i64)),
        Value::String(s) => any_time(s),
        _ => None,
    });
    let status = find(&fields.status).and_then(|v| match v {
        Value::Number(n) => n.as_u64().and_then(|n| u16::try_from(n).ok()),
        Value::String(s) => status_code(s.as_bytes()),
        _ => None,
    });
    Ok(JsonRequest {
        host: text(&fields.host),
        time,
        target,
        status,
        user_agent: text(&fields.user_agent).unwrap_or_default(),
        client: find(&fields.client)
            .and_then(Value::as_str)
            .and_then(|a| client_address(a.as_bytes())),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_and_preferred_names() {
        let line = br#"{"host":"a.example","time":"2026-11-28T10:00:00Z","request":"GET /x?y HTTP/1.1","status":200,"http_user_agent":"GPTBot/1.1"}"#;
        let r = parse(line, &JsonFields::default()).unwrap();
        let v = r.view();
        assert_eq!(v.target, b"/x?y");
        assert_eq!(v.host, Some(b"a.example".as_slice()));
        assert_eq!(v.status, Some(200));
        assert_eq!(v.time, Some(1_795_860_000));
        assert_eq!(v.client, None);
        let mut fields = JsonFields::default();
        fields.prefer("user_agent", "client").unwrap();
        let r = parse(
            br#"{"path":"/","client":"Bot/1","remote_addr":"192.0.2.4"}"#,
            &fields,
        )
        .unwrap();
        assert_eq!(r.view().user_agent, b"Bot/1");
        assert_eq!(r.view().client, Some("192.0.2.4".parse().unwrap()));
        fields.prefer("client", "peer").unwrap();
        let r = parse(
            br#"{"path":"/","peer":"[2001:db8::2]:443","ip":"192.0.2.4"}"#,
            &fields,
        )
        .unwrap();
        assert_eq!(r.view().client, Some("2001:db8::2".parse().unwrap()));
        assert!(fields.prefer("colour", "x").is_err());
        assert!(parse(b"[1,2]", &fields).is_err());
    }
}
