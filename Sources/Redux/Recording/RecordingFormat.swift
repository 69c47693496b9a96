/// Facts about the recording format that the recorder and the inspector must agree on.
public enum RecordingFormat {
    /// The most bytes one line of a recording may hold, not counting its newline: 64 MiB.
    ///
    /// `redux-inspect` refuses a longer line (and with it the whole file), since reading it
    /// would cost unbounded time and memory. The ``Recorder`` therefore never writes one: an
    /// entry whose state would make it longer is written without its state, and one whose
    /// action alone is too long becomes a `gap` marker; ``RecorderError`` says which.
    public static let maximumLineLength = 64 << 20

    /// The most arrays and objects one line may hold open at once, the line's own object
    /// included: 512.
    ///
    /// `redux-inspect` refuses deeper nesting, which would take its readers' stacks, so the
    /// ``Recorder`` never writes it: a state nested deeper (a long chain of `indirect enum`
    /// cases, say) is left out of its line as one that cannot be encoded is.
    public static let maximumDepth = 512
}
