/// The exit codes of `redux-inspect`, from sysexits(3) where one fits.
public enum ExitCode: Int32, Sendable, CaseIterable {
    /// Success.
    case success = 0
    /// `verify` found a divergence, `bisect` found no step where the predicate holds, `show`
    /// found nothing at `--path`, no state has a value at `blame`'s path, or a command of a
    /// `step` script failed.
    case failure = 1
    /// The command line was wrong (EX_USAGE).
    case usage = 64
    /// A recording is malformed (EX_DATAERR).
    case badRecording = 65
    /// A file does not exist or cannot be read (EX_NOINPUT).
    case noInput = 66
    /// Standard output could not be written, so what the command printed was lost: a full
    /// disk, say (EX_IOERR).
    case outputFailed = 74

    /// What the code means, for help and the manual.
    public var meaning: String {
        switch self {
        case .success: "success"
        case .failure:
            "verify found a divergence; bisect found no step where the predicate holds; show found nothing at --path; "
                + "no state has a value at blame's path; "
                + "a command of a step script failed"
        case .usage: "usage error: unknown command or option, missing or invalid argument, a step or reducer that does not exist"
        case .badRecording: "malformed recording: invalid JSON or UTF-8, unknown version, undecodable action, …"
        case .noInput: "a file was not found or cannot be read (a directory, a device, a verify folder without recordings, an unwritable --junit report)"
        case .outputFailed: "standard output could not be written (a full disk, say): the output is incomplete"
        }
    }

    /// The exit code for an inspector error.
    init(for error: InspectorError) {
        switch error {
        case .recording(let error):
            switch error.kind {
            case .notFound, .unreadable: self = .noInput
            case .malformed: self = .badRecording
            }
        case .missingReducer, .unknownReducer, .noSuchStep, .noStepInRange, .noSuchPlace, .badPath: self = .usage
        case .interrupted: self = .failure
        }
    }
}
