//! A hash of every verdict (allowed, reason, and the deciding rule's line, column,
//! directive and pattern) over the corpus paths, the conformance bodies, hostile and
//! random inputs, for several crawlers under every profile, for the whole policy,
//! a one-crawler policy and a capped parse. Unlike `golden` (which hashes the
//! tables' dump), it survives a change of table layout: diff its output before and
//! after such a change to prove every answer unchanged.
use robots_benches::golden::random_doc;
use robots_benches::hostile::Lcg;
use robots_benches::{corpus, hostile};
use robots_runtime::{Policy, Profile, Verdict};

fn fnv(h: &mut u64, bytes: &[u8]) {
    for &b in bytes {
        *h ^= u64::from(b);
        *h = h.wrapping_mul(0x100000001b3);
    }
}

fn answer(h: &mut u64, policy: &Policy, v: Verdict) {
    fnv(h, &[u8::from(v.allowed)]);
    fnv(h, v.reason.name().as_bytes());
    if let Some(rule) = v.rule.and_then(|id| policy.rule(id)) {
        fnv(h, &rule.line.to_le_bytes());
        fnv(h, &rule.column.to_le_bytes());
        fnv(h, rule.directive.name().as_bytes());
        fnv(h, rule.pattern);
        fnv(h, &rule.priority.to_le_bytes());
        fnv(h, &[u8::from(rule.derived)]);
    }
}

fn main() {
    let mut inputs: Vec<(String, Vec<u8>, Vec<Vec<u8>>)> = Vec::new();
    let generic: Vec<Vec<u8>> = [
        "/",
        "/a",
        "/a/b",
        "/index.html",
        "/robots.txt",
        "/x?y=1",
        "/%41/%c3%a9",
        "/p*q$",
    ]
    .iter()
    .map(|s| s.as_bytes().to_vec())
    .collect();
    for s in corpus::load() {
        let mut paths: Vec<Vec<u8>> = s
            .paths
            .iter()
            .step_by(4)
            .map(|p| p.as_bytes().to_vec())
            .collect();
        paths.extend(generic.iter().cloned());
        inputs.push((s.name.clone(), s.body.clone(), paths));
    }
    for file in [
        "google_cases",
        "google_other_cases",
        "legacy1994_cases",
        "rfc9309_cases",
    ] {
        let path = corpus::corpus_dir().join(format!("../conformance/{file}.jsonl"));
        let text = std::fs::read_to_string(path).expect("conformance");
        for (i, line) in text.lines().enumerate() {
            let v: serde_json::Value = serde_json::from_str(line).expect("json");
            let body = v["robots_txt"].as_str().unwrap_or_default();
            let mut paths = generic.clone();
            if let Some(url) = v["url"].as_str() {
                paths.push(url.as_bytes().to_vec());
            }
            inputs.push((format!("{file}#{i}"), body.as_bytes().to_vec(), paths));
        }
    }
    for n in [10, 1000, 20000] {
        let site = hostile::many_rules_site(n);
        inputs.push((
            format!("many{n}"),
            site.body,
            site.paths
                .iter()
                .take(400)
                .map(|p| p.as_bytes().to_vec())
                .collect(),
        ));
    }
    let stars = hostile::star_site(200, 5000);
    inputs.push((
        "stars".into(),
        stars.body,
        stars
            .paths
            .iter()
            .take(50)
            .map(|p| p.as_bytes().to_vec())
            .collect(),
    ));
    let long = hostile::long_path_site(20000);
    inputs.push((
        "longpath".into(),
        long.body,
        long.paths
            .iter()
            .take(50)
            .map(|p| p.as_bytes().to_vec())
            .collect(),
    ));
    let mut rng = Lcg(42);
    for i in 0..3000 {
        let body = random_doc(&mut rng);
        inputs.push((format!("random{i}"), body, generic.clone()));
    }
    for (name, body, paths) in &inputs {
        for profile in Profile::ALL {
            let full = Policy::parse(body, profile);
            let doc = robots_runtime::document::parse(
                body,
                robots_runtime::document::ParseOptions::new(profile),
            );
            let mut agents: Vec<Vec<u8>> =
                vec![b"UnknownBot".to_vec(), b"*".to_vec(), b"Googlebot".to_vec()];
            agents.extend(doc.agent_names().take(3).map(<[u8]>::to_vec));
            let capped = Policy::builder()
                .profile(profile)
                .max_bytes(Some(body.len() / 2))
                .build(body);
            let mut h = 0xcbf29ce484222325u64;
            for agent in &agents {
                let m = full.matcher(agent);
                let one = Policy::builder()
                    .profile(profile)
                    .build_for_agent(body, agent);
                let c = capped.matcher(agent);
                for path in paths {
                    answer(&mut h, &full, m.check(path));
                    answer(&mut h, one.policy(), one.check(path));
                    answer(&mut h, &capped, c.check(path));
                }
                if let Some(d) = m.crawl_delay() {
                    fnv(&mut h, &d.as_nanos().to_le_bytes());
                }
            }
            println!("{name} {profile} {h:016x}");
        }
    }
}
