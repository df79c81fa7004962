# A class that another module extends (extend_imported.py); run alone it prints nothing.

class Vec:
    x: int
    y: int
