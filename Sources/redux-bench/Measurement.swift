/// One result line: our figure and the baseline's, measured in the same run, their ratio,
/// and whether the product's target for it is met.
struct Measurement {
    let name: String
    let ours: Double
    let baseline: Double
    /// The unit of both figures, such as `ns/dispatch`.
    let unit: String
    /// What the baseline is, in a few words.
    let baselineName: String
    /// The target from PRODUCT.md this line checks, if any.
    var target: Target?
    /// A short remark printed at the end of the line (a secondary figure, a caveat).
    var note: String?

    /// Ours divided by the baseline's figure.
    var ratio: Double { baseline == 0 ? .nan : ours / baseline }

    /// Whether the target is met; `nil` when the line has none.
    var meetsTarget: Bool? { target?.isMet(ours: ours, baseline: baseline) }

    /// The line the benchmark prints, for example
    /// `diff-vs-jq   ours 61.2 MB/s | jq -c . 38.0 MB/s | ratio 1.61 | target ratio >= 10: NOT MET`.
    var line: String {
        var line =
            name.padding(toLength: 18, withPad: " ", startingAt: 0)
            + " ours \(Self.format(ours)) \(unit) | \(baselineName) \(Self.format(baseline)) \(unit)"
            + " | ratio \(Self.format(ratio))"
        if let target, let met = meetsTarget {
            line += " | target \(target.description(unit: unit)): \(met ? "met" : "NOT MET")"
        }
        if let note { line += " | \(note)" }
        return line
    }

    /// Three significant figures, `k`/`M` above ten thousand, no exponent.
    static func format(_ value: Double) -> String {
        guard value.isFinite else { return "n/a" }
        let magnitude = abs(value)
        if magnitude >= 1_000_000 { return "\(significant(value / 1_000_000))M" }
        if magnitude >= 10_000 { return "\(significant(value / 1_000))k" }
        return significant(value)
    }

    private static func significant(_ value: Double) -> String {
        let magnitude = abs(value)
        if magnitude >= 100 { return String(Int(value.rounded())) }
        let decimals = magnitude >= 10 ? 1 : magnitude >= 1 ? 2 : magnitude >= 0.1 ? 3 : 4
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int((value * scale).rounded())
        let whole = scaled / Int(scale)
        let fraction = String(abs(scaled) % Int(scale))
        let sign = value < 0 && whole == 0 ? "-" : ""
        return "\(sign)\(whole)." + String(repeating: "0", count: decimals - fraction.count) + fraction
    }
}

/// A target from PRODUCT.md, on our figure or on the ratio.
enum Target {
    /// Our figure must be at most this (times).
    case atMost(Double)
    /// Our figure must be at least this (rates).
    case atLeast(Double)
    /// Ours divided by the baseline must be at least this.
    case ratioAtLeast(Double)
    /// Ours divided by the baseline must be at most this.
    case ratioAtMost(Double)
    /// Ours minus the baseline must be at most this (an overhead).
    case differenceAtMost(Double)

    func isMet(ours: Double, baseline: Double) -> Bool {
        let ratio = baseline == 0 ? Double.nan : ours / baseline
        return switch self {
        case .atMost(let limit): ours <= limit
        case .atLeast(let limit): ours >= limit
        case .ratioAtLeast(let limit): ratio >= limit
        case .ratioAtMost(let limit): ratio <= limit
        case .differenceAtMost(let limit): ours - baseline <= limit
        }
    }

    func description(unit: String) -> String {
        switch self {
        case .atMost(let limit): "<= \(Measurement.format(limit)) \(unit)"
        case .atLeast(let limit): ">= \(Measurement.format(limit)) \(unit)"
        case .ratioAtLeast(let limit): "ratio >= \(Measurement.format(limit))"
        case .ratioAtMost(let limit): "ratio <= \(Measurement.format(limit))"
        case .differenceAtMost(let limit): "ours - baseline <= \(Measurement.format(limit)) \(unit)"
        }
    }
}
