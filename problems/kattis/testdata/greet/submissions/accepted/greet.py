print("Hello, " + input().strip() + "!")
