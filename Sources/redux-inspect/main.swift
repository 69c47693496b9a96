print("redux-inspect: not built yet")
