/// Facts about the recording format that the recorder and the inspector must agree on.
public enum RecordingFormat {
    /// The most bytes one line of a recording may hold, not counting its newline: 64 MiB.
    ///
    /// `redux-inspect` refuses a longer line (and with it the whole file), since reading it
    /// would cost unbounded time and memory. The ``Recorder`` therefore never writes one: an
    /// entry whose state would make it longer is written without its state, and one whose
    /// action alone is too long becomes a `gap` marker; ``RecorderError`` says which.
    public static let maximumLineLength = 64 << 20
}
