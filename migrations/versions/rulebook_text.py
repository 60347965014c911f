"""The rulebook of every release present: each rule, subrule and glossary entry as data.

Revision ID: rulebook_text
Revises: rulebook_schema

Loads the index of each release the chain holds (``seeds/rulebook/cr_*.json``, pinned here by
sha256) and the texts they point to, each text once. Release revisions after this one load
their own rulebook (``rulesdb_loaders.release_v2``). A release whose index is not listed here
(none, at the time of writing) keeps no rulebook, and ``rulesdb rule`` says so.
"""

from collections.abc import Sequence

from rulesdb_loaders.rulebook_v1 import load_rulebooks, present, unload_rulebooks

revision: str = "rulebook_text"
down_revision: str | None = "rulebook_schema"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# The index of each release (seeds/rulebook/<revision>.json) and its sha256: 2016 … 2026.
RULEBOOKS: dict[str, str] = {
    "cr_2016_07_22": "a36376a13028c51034d217fafbf26946054948bb8b8c6816c1388c6c6776ad5e",
    "cr_2016_08_26": "339219e4d65e52be9a4e51f4163a05f5b894348e8bd6451a28c5aa0e81eb30c3",
    "cr_2016_09_30": "be1fcf404b1c234df591546dad3a2e81478a66b31192d552e3a7040963b88776",
    "cr_2016_11_11": "45d30f6d62e6400ef54ecd1a035ab2caa0079ea9b6cefa53efbdf3087295df8d",
    "cr_2017_01_20": "0738310a75ab3ac0d54c8ebab680ed86864381b3219f18e30adee2dd525bc3e0",
    "cr_2017_04_28": "a8ef380a3266edb5f1d5b175e4f71ee933e271efbe3460093994723cf69fa7f4",
    "cr_2017_06_05": "72f511eecce492ef4e33c4c9ae1e90339fa558c49f57795015ec3fa3472359f9",
    "cr_2017_07_08": "7f368178d09dba524b70af8cfd55059332861155c83a0d64d84c3290b46243de",
    "cr_2017_08_25": "2e51d546edca949289def20026f006a77e194bab02893eed33aea58e6d549ee2",
    "cr_2017_09_29": "bb5348e0780c71e027d6e95019d195f5db95b63316acdbe624678d2e059a4fed",
    "cr_2018_07_13": "0bf767b19fd0512df402c34bc502706a0c804e1f25012842ef49a67a5156f15e",
    "cr_2018_08_10": "d8fcbf6bf315c08ce7baf5aa59bd2cf18ea5e26af69367947040b89bc0dd8d3e",
    "cr_2018_10_05": "d6656d17bc6702e917f414138cc748ccc4b93b73982643c5a20684478ec745f3",
    "cr_2019_01_25": "2c7161e9c673fe11975087861223c9b358b365d909e6150f2635bd2fb0983212",
    "cr_2019_05_03": "30ad53bd88d144c43fc8c6d112734617efd0e856853f41954fa58f5e227691e1",
    "cr_2019_06_14": "1bb3c092eb0afae067f90f4ca83a9bc2c65cec99a6b0b0593b545db84d231348",
    "cr_2019_07_12": "3e0b74c583bf98d8bc7b7e3f84f7eb439ceb958af5d8f8e11901808d0c4c2dcb",
    "cr_2019_08_23": "8ef3dce0cbbfbcc789cdcae458cd4ae646ec336ee72b1c05c472ea98cb1ef64c",
    "cr_2019_10_04": "2141cd626ea6d04d74ef6ea51db276b88d890cb9bdadfdb433f4445fd00d6d9c",
    "cr_2020_01_24": "9ee0b7adf36f1bf75f1c885136eb23b63cce352d2550ab7fb90552d9f7e1f9d8",
    "cr_2020_04_17": "7ee6edb095f9758083ba49e75c570893ada063d5bf3576dd7bc2781ae98680e1",
    "cr_2020_06_01": "bfb5d518bf6fba341a90e6b6420bac6b17a4d24346c46877d6e00bc99834155d",
    "cr_2020_07_03": "486e14afccfb76e0b2db627bccff59230a0163f8420c0b7a0f314d9ba7c0ad10",
    "cr_2020_08_07": "29c6ba747f97413c12889c529c0a447bc9a1a09bb269859dfd05cc7a1a80b4be",
    "cr_2020_09_25": "6dd6c1c824bc6a6c3ad31d9fcac3f8a20089c7e2172dd2d5aa97d8942fe8e668",
    "cr_2020_11_20": "15733dcb0c4f570cf4a9bdc2591c8b2e75b89cda48bcb618c3828af88f6bfc88",
    "cr_2021_02_05": "ce2e6862c15f23c6f955d1bdd5d360485a09f1fe998470630d6ec01917072d2c",
    "cr_2021_02_15": "3b5dfa2cbd310e5e6ce237645986752cf1bf0b4e0e4a0d4975cdd9f9cbb6fcf5",
    "cr_2021_04_22": "a328fddda44ddd7823f52d868d71b6445d3b0b21dd9498bce7655c39520c1b83",
    "cr_2021_06_18": "ef2ed422a9d7dbe96f1629c9bafc1532b3be748216af964804c53d5a2ec151c5",
    "cr_2021_07_23": "460f81cb96fcd5f3f385e9da1cc5e6bae529011b1e127cdc97cd674fe7ee7b86",
    "cr_2021_09_24": "5f6784636d9dc0f9ebb5de80d05d78fb3380be09f77c59309eb4b5fed53cdf7d",
    "cr_2021_11_19": "a1a32cfd73b3c573f29ba64eccf44f81602a9fcc7b886269d11ce55e4faa4bb0",
    "cr_2022_02_18": "e87ebfa2c81d9652766696a780baf91d340cca4b11bebddd049e2c60ae1fac57",
    "cr_2022_04_29": "eac6531e85de093fce983f343cea4452c1f1d2f205759e587d562145a9ef11ea",
    "cr_2022_06_10": "1c2c792683b6e60c3ad967f37e69f9f0489d48d14ab9f05898aeec0d4cf07fde",
    "cr_2022_07_08": "bc3846c021e811212257563aa9b00119950565c034ac5461b61d110bc771bbe9",
    "cr_2022_09_08": "ec874f1a01343d45bf341f469435ae8b64569e41619599d80b3fc388812d018e",
    "cr_2022_10_07": "dd020995b9f4cdd4bc2ff8a3e65e97ee95063a4431dcbf56e2aeeecf871852e9",
    "cr_2022_11_18": "4a88b2b6f2366afa44cb0c5d7eaf1ae0df395859defee91c83826c5ac00dc7a8",
    "cr_2023_02_03": "fb3af99e04d87b75d047bf7b96399dcb28c441581c7e88b9f255a8d454e1718b",
    "cr_2023_04_14": "26beadbf3a3123b582aea2c139ba81e13e1d767bacbde671ff1cc8b17cd87cd5",
    "cr_2023_06_16": "aab4c8f39cc0031dd1114e0fa254f92c9532bc1b7d6e837b7a01bd329f79da41",
    "cr_2023_09_01": "55bf4737277aa8591a1b28d3ebd6204952ff4e5aaf6c0bb882e0102d76c00c25",
    "cr_2023_10_13": "c8140a22fcf6f76d88b33b88e91c5a614efb3c43d37f0f924e2f8b2f2dc0cad1",
    "cr_2023_11_17": "2ba5243a12c607e8b747d20192f73a6203a45dfc6d32b312018d4216bf5a60b4",
    "cr_2024_02_02": "1a20d55e27d95f15a3295357e0b24142efa4a2800adce62a2d620d83de1e6509",
    "cr_2024_03_08": "42e2c40449826635261c5e2e9e61270a9f704e1a3e8aebb5947f1bef21709419",
    "cr_2024_04_12": "d5e6d91c272a754df47bd24306e0c74f04f3da3164d9895f98d006224b5bbcb2",
    "cr_2024_06_07": "7a6fa05a3547abd843f3b3b4229e5d744bf498f192ef2a81df7cf7e562bccde3",
    "cr_2024_07_30": "16f51f7e4954381f5fa89a3ed42efb12a782abd227ae77e49bd136ee405cae74",
    "cr_2024_09_20": "3e2acf0e4e03f497752c9fd2a5eea584a6c58ef6b9ff660ff5619f0795a2c97c",
    "cr_2024_11_08": "67c4273e0ea182e66bdc8eb28e802c3b50c081dec7b13a4ab1d2bb56ffa79ee5",
    "cr_2025_02_07": "a9dc9bd2bc77c0f70c8c8067ac1703c42bb14bb3d36f1c497df8eed37a6b8fab",
    "cr_2025_04_04": "ac4d5977a2ba88db7e367fd249e70f9528ab0efbac8050de2cff6f9378abdbee",
    "cr_2025_06_06": "6b43dd591aa46a1aab14b7fae07fddd1c664db7e76cb974ab9574215d59399e8",
    "cr_2025_07_25": "26d1d13f4984ed361aafc6d82d0b75e0cfe94f9cb5163e543be10fa90952d7e6",
    "cr_2025_09_19": "9e4da7e6cec8946986b04be5895705ce51cdc9c14f522b0abce15d4dcdbde9e4",
    "cr_2025_11_14": "8457dd6486a52264c44c4de41e5403ccb1ebab3a7ef46b46458652d84c27905f",
    "cr_2026_01_16": "7e31c0c030087ecd8f9acf0eeb4c02f3c064510831deff5fd027266d1601bd34",
    "cr_2026_02_27": "367452e7e8717b94290e78df710c93e94c9ae8574cf483207b9aedc465a78951",
    "cr_2026_04_17": "c3f355fc2d9a6c560e217aacab59fd9cc32b615d529c5cf7494f8c2d62bcfb4b",
    "cr_2026_06_19": "e18014de3d797e58e0fe2063131172076dcc70608a6a18acf1e31c196bbf4a40",
    "cr_2026_08_07": "500aba23d7824b988e1579c1bd4ad9fb083f7a9dee21238d62902b534272f240",
}


def upgrade() -> None:
    load_rulebooks(present(RULEBOOKS))


def downgrade() -> None:
    unload_rulebooks(RULEBOOKS)
