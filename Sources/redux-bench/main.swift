print("redux-bench: not built yet")
