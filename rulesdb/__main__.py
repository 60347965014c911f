from rulesdb.cli import main

main()
