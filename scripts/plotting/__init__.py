"""Charts of IsolationBench results: one module per suite, keyed on its CSV columns.

`plot.py` is the command line; `tables` reads and checks CSV files against the
schemas the suite modules declare; `figures` holds what every chart shares
(titles naming the machine and build, the "not comparable" stamp, saving).
"""
