//! Print a hash of every compiled policy's tables (Debug text) for the corpus, the
//! conformance bodies, hostile and random inputs, under every profile: diff the
//! output before and after a change to the compiler to prove the tables unchanged.
use robots_benches::golden::random_doc;
use robots_benches::hostile::Lcg;
use robots_benches::{corpus, hostile};
use robots_runtime::document::{parse, ParseOptions};
use robots_runtime::{Policy, Profile};

fn fnv(s: &str) -> u64 {
    let mut h: u64 = 0xcbf29ce484222325;
    for b in s.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x100000001b3);
    }
    h
}

fn main() {
    let mut inputs: Vec<(String, Vec<u8>)> = Vec::new();
    for s in corpus::load() {
        inputs.push((s.name.clone(), s.body.clone()));
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
            inputs.push((format!("{file}#{i}"), body.as_bytes().to_vec()));
        }
    }
    for n in [10, 1000, 20000] {
        inputs.push((format!("many{n}"), hostile::many_rules_site(n).body));
    }
    inputs.push(("stars".into(), hostile::star_site(200, 5000).body));
    inputs.push(("longpath".into(), hostile::long_path_site(20000).body));
    let mut rng = Lcg(42);
    for i in 0..3000 {
        inputs.push((format!("random{i}"), random_doc(&mut rng)));
    }
    for (name, body) in &inputs {
        for profile in [
            Profile::Google,
            Profile::Rfc9309,
            Profile::Draft1996,
            Profile::Original1994,
        ] {
            let full = format!("{:?}", Policy::parse(body, profile));
            let doc = parse(body, ParseOptions::new(profile));
            let again = format!("{:?}", doc.compile());
            assert_eq!(full, again, "{name} {profile}");
            let agent = doc
                .agent_names()
                .next()
                .map(<[u8]>::to_vec)
                .unwrap_or_default();
            let one = format!("{:?}", doc.compile_for_agent(&agent).policy());
            let unknown = format!("{:?}", doc.compile_for_agent(b"UnknownBot").policy());
            let capped = format!(
                "{:?}",
                Policy::builder()
                    .profile(profile)
                    .max_bytes(Some(body.len() / 2))
                    .build(body)
            );
            println!(
                "{name} {profile} {:016x} {:016x} {:016x} {:016x}",
                fnv(&full),
                fnv(&one),
                fnv(&unknown),
                fnv(&capped)
            );
        }
    }
}
