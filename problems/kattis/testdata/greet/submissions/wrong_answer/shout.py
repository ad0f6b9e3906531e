print("HELLO, " + input().strip().upper() + "!")
