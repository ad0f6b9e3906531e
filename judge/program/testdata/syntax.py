# Does not compile: CE.
def main(:
    pass
