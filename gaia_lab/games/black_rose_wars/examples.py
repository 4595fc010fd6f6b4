EXAMPLES: list = []
