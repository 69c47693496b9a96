extension Predicate {
    /// Reads a predicate to look for at the steps of a recording (`bisect --until`, `step`'s
    /// `break`): one that reads the state. A predicate of values alone holds at every step or
    /// at none; most often its first value was meant as a path, such as `["a.b"]`, which
    /// `diff` prints for a key that is not a name and which reads as an array here.
    ///
    /// - Throws: ``PredicateParseError`` for text that is not a predicate, or one that reads
    ///   no path of the state.
    init(parsingSearch text: String) throws(PredicateParseError) {
        self = try Predicate(parsing: text)
        guard paths.isEmpty else { return }
        let scalars = Array(text.unicodeScalars)
        // The first bracket, when nothing but `!`, `(` and spaces comes before it.
        if let bracket = scalars.firstIndex(where: { !" \t!(".unicodeScalars.contains($0) }), scalars[bracket] == "[" {
            var fixed = String.UnicodeScalarView(scalars[..<bracket])
            fixed.append(".")
            fixed.append(contentsOf: scalars[bracket...])
            throw PredicateParseError(
                "expected a path of the state; one that starts with a bracket takes a dot first ('\(TerminalText.echo(String(fixed)))')",
                column: bracket + 1)
        }
        throw PredicateParseError("expected a path of the state: with values alone it holds at every step or at none", column: 1)
    }
}
