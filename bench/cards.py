"""lint-cards and lint-cards on MTGJSON-shaped files: throughput and memory beside plain reads."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import uuid
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run from a checkout without installing

from sqlalchemy.engine import URL  # noqa: E402

from bench.library import realistic_type_lines  # noqa: E402
from bench.table import (  # noqa: E402
    HIGH_WATER,
    Row,
    paired_medians,
    peak_rss_kib,
)
from rulesdb.store.engine import make_engine  # noqa: E402
from tests.settings import CR_DIR as CR_FOLDER  # noqa: E402
from tests.settings import folder  # noqa: E402

CR_DIR = folder(CR_FOLDER)
CR_FILE = "MagicCompRules-20260807.txt"
TYPE_LINES = 30_000
BASICS = ("Plains", "Island", "Swamp", "Mountain", "Forest")


# The command line


# lint-cards on an oracle_cards-shaped file

LINT_CARDS = 20_000  # the throughput file: about 70 MB
LINT_BIG_MB = 100  # the memory file
_FORMATS = (
    "standard",
    "future",
    "historic",
    "timeless",
    "gladiator",
    "pioneer",
    "explorer",
    "modern",
    "legacy",
    "pauper",
    "vintage",
    "penny",
    "commander",
    "oathbreaker",
    "standardbrawl",
    "brawl",
    "alchemy",
    "paupercommander",
    "duel",
    "oldschool",
    "premodern",
    "predh",
)


def oracle_card(number: int, line: str, rng: random.Random) -> dict:
    """A card object with the fields Scryfall's oracle_cards bulk file has, sizes alike."""

    def uid() -> str:
        return str(uuid.UUID(int=rng.getrandbits(128)))

    card = {
        "object": "card",
        "id": uid(),
        "oracle_id": uid(),
        "multiverse_ids": [number],
        "mtgo_id": number,
        "tcgplayer_id": number,
        "cardmarket_id": number,
        "name": f"Benchmark Card {number}",
        "lang": "en",
        "released_at": "2021-02-05",
        "uri": f"https://api.scryfall.com/cards/{uid()}",
        "scryfall_uri": f"https://scryfall.com/card/khm/{number}/benchmark?utm_source=api",
        "layout": "normal",
        "highres_image": True,
        "image_status": "highres_scan",
        "image_uris": {
            size: f"https://cards.scryfall.io/{size}/front/a/b/{uid()}.jpg"
            for size in ("small", "normal", "large", "png", "art_crop", "border_crop")
        },
        "mana_cost": "{2}{G}",
        "cmc": 3.0,
        "type_line": line,
        "oracle_text": "When this enters, draw a card.\nWhenever you cast a spell, scry 1.",
        "power": "2",
        "toughness": "2",
        "colors": ["G"],
        "color_identity": ["G"],
        "keywords": ["Flying"],
        "legalities": {name: rng.choice(["legal", "not_legal"]) for name in _FORMATS},
        "games": ["paper", "mtgo"],
        "reserved": False,
        "foil": True,
        "nonfoil": True,
        "finishes": ["nonfoil", "foil"],
        "oversized": False,
        "promo": False,
        "reprint": True,
        "variation": False,
        "set_id": uid(),
        "set": "khm",
        "set_name": "Kaldheim",
        "set_type": "expansion",
        "set_uri": f"https://api.scryfall.com/sets/{uid()}",
        "collector_number": str(number),
        "digital": False,
        "rarity": "common",
        "flavor_text": "Benchmarks run where the rules are read.",
        "artist": "Some Artist",
        "artist_ids": [uid()],
        "illustration_id": uid(),
        "border_color": "black",
        "frame": "2015",
        "full_art": False,
        "textless": False,
        "booster": True,
        "edhrec_rank": number,
        "prices": {
            "usd": "0.10",
            "usd_foil": "0.25",
            "eur": "0.05",
            "eur_foil": None,
            "tix": "0.03",
        },
        "related_uris": {
            "gatherer": "https://gatherer.wizards.com/x",
            "edhrec": "https://edhrec.com/route/?cc=x",
        },
    }
    if number % 20 == 0:  # a transform card: faces, and the joined line on top
        card["layout"] = "transform"
        card["card_faces"] = [
            {
                "object": "card_face",
                "name": f"Face {n}",
                "type_line": line,
                "oracle_text": "Transform it.",
            }
            for n in (1, 2)
        ]
        card["type_line"] = f"{line} // {line}"
    return card


def write_oracle_cards(path: Path, lines: list[str], target_bytes: int = 0) -> int:
    """Scryfall's layout: "[", then one card a line, comma-separated; returns the count."""
    rng = random.Random(7)
    count = 0
    with path.open("w", encoding="utf-8") as out:
        out.write("[\n")
        while count < len(lines) or out.tell() < target_bytes:
            if count:
                out.write(",\n")
            out.write(
                json.dumps(oracle_card(count, lines[count % len(lines)], rng), ensure_ascii=False)
            )
            count += 1
        out.write("\n]\n")
    return count


def bench_lint_cards(head_db: URL, folder: Path) -> list[Row]:
    from rulesdb.vocabulary.loader import load_vocabulary

    url = head_db.render_as_string(hide_password=False)
    engine = make_engine(head_db)
    vocab = load_vocabulary(engine)
    lines = realistic_type_lines(vocab, LINT_CARDS)
    path = folder / "oracle-cards.json"
    count = write_oracle_cards(path, lines)

    def baseline() -> None:
        with path.open("rb") as stream:
            for card in json.load(stream):
                vocab.parse(card["type_line"])

    mine, base = paired_medians(_lint_command(url, path), baseline, runs=3, warmups=1)
    rate, base_rate = count / (mine / 1e9), count / (base / 1e9)
    jsonl = folder / "oracle-cards.jsonl"
    with path.open("rb") as source, jsonl.open("wb") as target:
        for line in source:  # the same cards as JSON Lines, as Scryfall's jsonl export
            line = line.rstrip(b",\r\n")
            if line.startswith(b"{"):
                target.write(line + b"\n")

    mine_l, base_l = paired_medians(_lint_command(url, jsonl), baseline, runs=3, warmups=1)
    rate_l, base_rate_l = count / (mine_l / 1e9), count / (base_l / 1e9)
    engine.dispose()
    return [
        Row(
            f"lint-cards, oracle_cards shape ({count:,} cards, "
            f"{path.stat().st_size / (1 << 20):.0f} MB), whole command",
            f"{rate:,.0f} cards/s",
            f"{base_rate:,.0f} cards/s: json.load + parse loop",
            base / mine,
            ">= 50,000/s",
            rate >= 50_000,
        ),
        Row(
            "  the same cards as JSON Lines (Scryfall's jsonl export)",
            f"{rate_l:,.0f} cards/s",
            f"{base_rate_l:,.0f} cards/s: json.load + parse loop",
            base_l / mine_l,
            ">= 50,000/s",
            rate_l >= 50_000,
        ),
        *_memory_rows(url, folder / "oracle-cards", write_oracle_cards, lines, "file"),
    ]


def _memory_rows(
    url: str, stem: Path, write: Callable[..., int], lines: list[str], what: str
) -> list[Row]:
    """Peak RSS of lint-cards on a big and a tenth as big file written by ``write``, beside
    json.load's of the big one: flat when the big one costs no more than the small one."""
    big, small = stem.with_name(f"{stem.name}-100mb.json"), stem.with_name(f"{stem.name}-10mb.json")
    big_count = write(big, lines[:1000], target_bytes=LINT_BIG_MB << 20)
    write(small, lines[:1000], target_bytes=(LINT_BIG_MB << 20) // 10)
    lint = ["rulesdb", "--db", url, "lint-cards"]
    rss_big, rss_small = peak_rss_kib([*lint, str(big)]), peak_rss_kib([*lint, str(small)])
    loader = "import json, sys; json.load(open(sys.argv[1], 'rb')); " + HIGH_WATER
    loaded = subprocess.run(
        [sys.executable, "-c", loader, str(big)], capture_output=True, text=True, check=True
    )
    rss_load = int(loaded.stderr.strip().splitlines()[-1])
    size = big.stat().st_size / (1 << 20)
    return [
        Row(
            f"  lint-cards peak RSS, {size:.0f} MB {what} ({big_count:,} cards)",
            f"{rss_big / 1024:.0f} MiB",
            f"{rss_load / 1024:.0f} MiB: json.load of it",
            rss_big / rss_load,
            "flat: <= 10 MB file + 20%",
            rss_big <= rss_small * 1.2,
        ),
        Row(
            f"  lint-cards peak RSS, 10 MB {what}",
            f"{rss_small / 1024:.0f} MiB",
            "-",
            None,
            "(information)",
            None,
        ),
    ]


def mtgjson_card(number: int, line: str, rng: random.Random) -> dict:
    """A card of MTGJSON's AllPrintings with the fields and sizes it has (keys sorted, as
    MTGJSON writes them), mana symbols and brackets in its texts."""

    def uid() -> str:
        return str(uuid.UUID(int=rng.getrandbits(128)))

    text = "When this enters, draw a card.\n{T}: Add {G}. [Costs {2} less.]"
    card = {
        "artist": "Some Artist",
        "artistIds": [uid()],
        "availability": ["mtgo", "paper"],
        "borderColor": "black",
        "colorIdentity": ["G"],
        "colors": ["G"],
        "convertedManaCost": 3.0,
        "edhrecRank": number,
        "finishes": ["nonfoil", "foil"],
        "foreignData": [
            {
                "flavorText": 'Ein "Text".',
                "identifiers": {"multiverseId": str(number), "scryfallId": uid()},
                "language": language,
                "multiverseId": number,
                "name": f"Karte {number}",
                "text": text,
                "type": "Kreatur — Elf",
            }
            for language in ("German", "French", "Japanese")
        ],
        "frameVersion": "2015",
        "hasFoil": True,
        "hasNonFoil": True,
        "identifiers": {
            key: uid()
            for key in (
                "cardKingdomId",
                "mcmId",
                "mtgjsonV4Id",
                "scryfallId",
                "scryfallOracleId",
                "scryfallIllustrationId",
                "tcgplayerProductId",
            )
        },
        "keywords": ["Flying"],
        "language": "English",
        "layout": "normal",
        "legalities": {name.capitalize(): "Legal" for name in _FORMATS},
        "manaCost": "{2}{G}",
        "manaValue": 3.0,
        "name": f"Benchmark Card {number}",
        "number": str(number),
        "originalText": text,
        "originalType": line,
        "power": "2",
        "printings": ["KHM", "M21", "PLST"],
        "purchaseUrls": {
            key: f"https://mtgjson.com/links/{uid()[:16]}"
            for key in ("cardKingdom", "cardmarket", "tcgplayer")
        },
        "rarity": "common",
        "rulings": [
            {
                "date": "2021-02-05",
                "text": "If it leaves {the battlefield} before [its ability] resolves, draw.",
            }
        ],
        "setCode": "KHM",
        "subtypes": ["Elf"],
        "supertypes": [],
        "text": text,
        "toughness": "2",
        "type": line,
        "types": ["Creature"],
        "uuid": uid(),
    }
    return card


def write_all_printings(
    path: Path, lines: list[str], target_bytes: int = 0, set_size: int = 300
) -> int:
    """AllPrintings' layout, minified: meta, then data -> set code -> set object whose cards
    come before its releaseDate (MTGJSON sorts the keys); returns the count of cards."""
    rng = random.Random(7)
    count, sets = 0, 0
    with path.open("w", encoding="utf-8") as out:
        out.write('{"meta":{"date":"2026-08-01","version":"5.2.2"},"data":{')
        while count < len(lines) or out.tell() < target_bytes:
            cards = [
                mtgjson_card(count + n, lines[(count + n) % len(lines)], rng)
                for n in range(set_size)
            ]
            code = f"S{sets:03d}"
            set_ = {
                "baseSetSize": set_size,
                "cards": cards,
                "code": code,
                "name": f"Set {sets}",
                "releaseDate": "2021-02-05",
                "tokens": [],
                "type": "expansion",
            }
            out.write(
                ("," if sets else "")
                + json.dumps(code)
                + ":"
                + json.dumps(set_, ensure_ascii=False, separators=(",", ":"))
            )
            count += set_size
            sets += 1
        out.write("}}")
    return count


def bench_lint_mtgjson(head_db: URL, folder: Path) -> list[Row]:
    from rulesdb.vocabulary.loader import load_vocabulary

    url = head_db.render_as_string(hide_password=False)
    engine = make_engine(head_db)
    vocab = load_vocabulary(engine)
    engine.dispose()
    lines = realistic_type_lines(vocab, LINT_CARDS)
    path = folder / "AllPrintings.json"
    count = write_all_printings(path, lines)

    def baseline() -> None:
        with path.open("rb") as stream:
            for set_ in json.load(stream)["data"].values():
                for card in set_["cards"]:
                    vocab.parse(card["type"])

    mine, base = paired_medians(_lint_command(url, path), baseline, runs=3, warmups=1)
    rate, base_rate = count / (mine / 1e9), count / (base / 1e9)
    return [
        Row(
            f"lint-cards, MTGJSON AllPrintings shape, minified ({count:,} cards, "
            f"{path.stat().st_size / (1 << 20):.0f} MB), whole command",
            f"{rate:,.0f} cards/s",
            f"{base_rate:,.0f} cards/s: json.load + parse loop",
            base / mine,
            ">= 50,000/s",
            rate >= 50_000,
        ),
        *_memory_rows(url, folder / "AllPrintings", write_all_printings, lines, "AllPrintings"),
    ]


def _lint_command(url: str, path: Path) -> Callable[[], None]:
    """``rulesdb lint-cards PATH`` in this process, its output thrown away."""
    import contextlib
    import io

    from rulesdb.cli import main as cli_main

    def run() -> None:
        sinks = contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO())
        with sinks[0], sinks[1], contextlib.suppress(SystemExit):
            cli_main(["--db", url, "lint-cards", str(path)])

    return run
