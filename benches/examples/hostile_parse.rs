//! Parse time on hostile shapes, doubling the size: the ratio should stay near 2.
use robots_runtime::{Policy, Profile};
use std::time::Instant;

fn time(body: &[u8], profile: Profile) -> f64 {
    let t = Instant::now();
    std::hint::black_box(Policy::parse(body, profile));
    t.elapsed().as_secs_f64() * 1e3
}

fn main() {
    type Gen = fn(usize) -> String;
    let shapes: [(&str, Gen); 5] = [
        ("many rules", |n| {
            (0..n).fold(String::from("User-agent: *\n"), |s, i| {
                s + &format!("Disallow: /{}/{}\n", i % 97, i)
            })
        }),
        ("nested prefixes", |n| {
            (1..n).fold(String::from("User-agent: *\n"), |s, i| {
                s + &format!("Disallow: /{}\n", "a".repeat(i))
            })
        }),
        ("long shared prefix", |n| {
            (0..n).fold(String::from("User-agent: *\n"), |s, i| {
                s + &format!("Disallow: /{}{i}\n", "x".repeat(2000))
            })
        }),
        ("same rule", |n| {
            (0..n).fold(String::from("User-agent: *\n"), |s, _| {
                s + "Allow: /same/path/index.html\n"
            })
        }),
        ("many groups", |n| {
            (0..n).fold(String::new(), |s, i| {
                s + &format!("User-agent: bot{i}\nDisallow: /{i}\n")
            })
        }),
    ];
    for (name, gen) in shapes {
        for profile in [Profile::Google, Profile::Rfc9309] {
            let sizes = if name == "nested prefixes" {
                [500, 1000, 2000]
            } else {
                [25_000, 50_000, 100_000]
            };
            let times: Vec<String> = sizes
                .iter()
                .map(|&n| {
                    let b = gen(n);
                    format!(
                        "{}: {:.1} ms ({} KB)",
                        n,
                        time(b.as_bytes(), profile),
                        b.len() / 1024
                    )
                })
                .collect();
            println!("{name} {profile}: {}", times.join(", "));
        }
    }
    let line = format!("User-agent: *\nDisallow: /{}\n", "y*".repeat(50_000));
    println!(
        "100 KB line: {:.1} ms",
        time(line.as_bytes(), Profile::Rfc9309)
    );
}
