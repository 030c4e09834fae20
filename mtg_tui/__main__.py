from mtg_tui.cli import main

main()
