from patience.cli import main

main()
