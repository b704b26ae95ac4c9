import CyrillicIME
import Foundation
// Compiled where UIKitKeyboardViewController.swift is (see there).
#if canImport(UIKit) && (os(iOS) || os(visionOS) || UIKIT_STANDIN_TYPECHECK)
import UIKit

/// The views of `CyrillicKeyboardViewController`: each draws a model it is given and reports
/// touches and taps as plain values; none decides anything.

/// A button that calls `action` on a tap (a closure, not a selector: the shell needs no
/// Objective-C runtime, and the Linux typecheck can check it).
@MainActor
func shellButton(
    _ title: String, accessibilityLabel: String, bold: Bool = false, isEnabled: Bool = true,
    action: @escaping @MainActor () -> Void
) -> UIButton {
    let button = UIButton(type: .system)
    button.setTitle(title, for: .normal)
    button.titleLabel?.font = .systemFont(ofSize: 20, weight: bold ? .bold : .regular)
    button.accessibilityLabel = accessibilityLabel
    button.isEnabled = isEnabled
    // Apple documents UIActionHandler without an actor; UIKit calls it on the main thread.
    button.addAction(UIAction { _ in MainActor.assumeIsolated { action() } }, for: .touchUpInside)
    return button
}

/// The key caps: labels at the layout's visible frames; a touch is found in the touch frames
/// (`KeyboardLayout.key(atX:y:)`), which have no gaps, and reported with its x position. The
/// globe key's touch events are also handed over whole (`onGlobeEvent`), for UIKit's
/// `handleInputModeList(from:with:)`.
@MainActor
final class KeyCapsView: UIView {
    struct Cap {
        var frame: KeyFrame
        var title: String
        var isEnabled: Bool
        var accessibilityLabel: String
        var accessibilityLanguage: String?
    }

    var onTouchBegan: ((Int, KeyboardKey, Double) -> Void)?
    var onTouchMoved: ((Int, Double) -> Void)?
    var onTouchEnded: ((Int) -> Void)?
    var onTouchCancelled: ((Int) -> Void)?
    var onGlobeEvent: ((UIEvent) -> Void)?
    private var caps: [Cap] = []
    private var globeTouches: Set<Int> = []

    override init(frame: CGRect) {
        super.init(frame: frame)
        isMultipleTouchEnabled = true
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
        isMultipleTouchEnabled = true
    }

    func show(_ caps: [Cap]) {
        self.caps = caps
        subviews.forEach { $0.removeFromSuperview() }
        for cap in caps {
            let label = UILabel(frame: CGRect(
                x: cap.frame.visibleFrame.x, y: cap.frame.visibleFrame.y,
                width: cap.frame.visibleFrame.width, height: cap.frame.visibleFrame.height))
            label.text = cap.title
            label.textAlignment = .center
            label.adjustsFontSizeToFitWidth = true
            label.backgroundColor = cap.frame.key.isCharacter || cap.frame.key == .space ? .systemBackground : .secondarySystemBackground
            label.alpha = cap.isEnabled ? 1 : 0.4
            label.layer.cornerRadius = 5
            label.clipsToBounds = true
            label.isAccessibilityElement = true
            label.accessibilityTraits = cap.isEnabled ? .keyboardKey : [.keyboardKey, .notEnabled]
            label.accessibilityLabel = cap.accessibilityLabel
            label.accessibilityLanguage = cap.accessibilityLanguage
            addSubview(label)
        }
    }

    private func key(at point: CGPoint) -> KeyboardKey? {
        caps.first { $0.frame.touchFrame.contains(x: Double(point.x), y: Double(point.y)) }?.frame.key
    }

    private func id(_ touch: UITouch) -> Int { ObjectIdentifier(touch).hashValue }

    /// Hands `event` to the globe key when one of `touches` is its own.
    private func forwardGlobe(_ touches: Set<UITouch>, _ event: UIEvent?) {
        guard let event, touches.contains(where: { globeTouches.contains(id($0)) }) else { return }
        onGlobeEvent?(event)
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        for touch in touches {
            let point = touch.location(in: self)
            guard let key = key(at: point) else { continue }
            if key == .globe { globeTouches.insert(id(touch)) }
            onTouchBegan?(id(touch), key, Double(point.x))
        }
        forwardGlobe(touches, event)
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        for touch in touches { onTouchMoved?(id(touch), Double(touch.location(in: self).x)) }
        forwardGlobe(touches, event)
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        for touch in touches { onTouchEnded?(id(touch)) }
        forwardGlobe(touches, event)
        touches.forEach { globeTouches.remove(id($0)) }
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        for touch in touches { onTouchCancelled?(id(touch)) }
        forwardGlobe(touches, event)
        touches.forEach { globeTouches.remove(id($0)) }
    }
}

/// The candidate bar: the page of `CandidateBar` shown (the focused item bold), scrolled
/// sideways when it is wider than the screen, and the page buttons at its end.
@MainActor
final class CandidateRowView: UIView {
    var onCandidate: ((Int) -> Void)?
    var onControl: ((BarControl) -> Void)?
    private let scroll = UIScrollView()
    private let items = UIStackView()
    private let pages = UIStackView()

    override init(frame: CGRect) {
        super.init(frame: frame)
        build()
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
        build()
    }

    private func build() {
        items.axis = .horizontal
        items.spacing = 12
        pages.axis = .horizontal
        pages.spacing = 4
        scroll.showsHorizontalScrollIndicator = false
        for subview in [scroll, pages, items] as [UIView] { subview.translatesAutoresizingMaskIntoConstraints = false }
        addSubview(scroll)
        addSubview(pages)
        scroll.addSubview(items)
        NSLayoutConstraint.activate([
            scroll.leadingAnchor.constraint(equalTo: leadingAnchor),
            scroll.topAnchor.constraint(equalTo: topAnchor),
            scroll.bottomAnchor.constraint(equalTo: bottomAnchor),
            scroll.trailingAnchor.constraint(equalTo: pages.leadingAnchor, constant: -4),
            pages.trailingAnchor.constraint(equalTo: trailingAnchor),
            pages.centerYAnchor.constraint(equalTo: centerYAnchor),
            items.leadingAnchor.constraint(equalTo: scroll.contentLayoutGuide.leadingAnchor),
            items.trailingAnchor.constraint(equalTo: scroll.contentLayoutGuide.trailingAnchor),
            items.topAnchor.constraint(equalTo: scroll.contentLayoutGuide.topAnchor),
            items.bottomAnchor.constraint(equalTo: scroll.contentLayoutGuide.bottomAnchor),
            items.heightAnchor.constraint(equalTo: scroll.frameLayoutGuide.heightAnchor),
        ])
    }

    func show(_ bar: CandidateBar, pageControls: [(control: BarControl, isEnabled: Bool)]) {
        items.arrangedSubviews.forEach { $0.removeFromSuperview() }
        for index in bar.pageRange {
            let item = bar.items[index]
            let button = shellButton(item.text, accessibilityLabel: item.accessibilityLabel, bold: index == bar.focus) { [weak self] in
                self?.onCandidate?(index)
            }
            button.accessibilityLanguage = item.accessibilityLanguage
            items.addArrangedSubview(button)
        }
        scroll.setContentOffset(.zero, animated: false)
        pages.arrangedSubviews.forEach { $0.removeFromSuperview() }
        for (control, isEnabled) in pageControls {
            pages.addArrangedSubview(shellButton(control.title, accessibilityLabel: control.accessibilityLabel, isEnabled: isEnabled) { [weak self] in
                self?.onControl?(control)
            })
        }
    }
}

/// The row above the bar: while converting, the segment controls (focus, shrink, extend,
/// back to the reading); otherwise a note (the core's error, a learning notice), if any.
@MainActor
final class ToolRowView: UIView {
    var onControl: ((BarControl) -> Void)?
    private let controls = UIStackView()
    private let note = UILabel()

    override init(frame: CGRect) {
        super.init(frame: frame)
        build()
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
        build()
    }

    private func build() {
        controls.axis = .horizontal
        controls.distribution = .fillEqually
        note.font = .systemFont(ofSize: 12, weight: .regular)
        note.textColor = .secondaryLabel
        note.adjustsFontSizeToFitWidth = true
        for subview in [controls, note] as [UIView] {
            subview.translatesAutoresizingMaskIntoConstraints = false
            addSubview(subview)
            NSLayoutConstraint.activate([
                subview.leadingAnchor.constraint(equalTo: leadingAnchor),
                subview.trailingAnchor.constraint(equalTo: trailingAnchor),
                subview.topAnchor.constraint(equalTo: topAnchor),
                subview.bottomAnchor.constraint(equalTo: bottomAnchor),
            ])
        }
    }

    func show(_ segmentControls: [(control: BarControl, isEnabled: Bool)], note text: String?) {
        controls.arrangedSubviews.forEach { $0.removeFromSuperview() }
        for (control, isEnabled) in segmentControls {
            controls.addArrangedSubview(shellButton(control.title, accessibilityLabel: control.accessibilityLabel, isEnabled: isEnabled) { [weak self] in
                self?.onControl?(control)
            })
        }
        note.text = text
        note.isHidden = !segmentControls.isEmpty || text == nil
    }
}

/// The profile list the `{profile}` key opens when held (`ProfileMenu`): live conversion's
/// switch and auto-commit at the top, then a row per profile, the current one ticked, each with
/// its space habit and kana-only switch; a tap picks one.
@MainActor
final class ProfileListView: UIView {
    var onSelect: ((String) -> Void)?
    var onKanaOnly: ((String, Bool) -> Void)?
    var onLiveConversion: ((Bool) -> Void)?
    var onAutoCommit: (() -> Void)?
    var onSpaceHabit: ((String, SpaceHabit) -> Void)?
    var onClose: (() -> Void)?
    private let scroll = UIScrollView()
    private let rows = UIStackView()

    override init(frame: CGRect) {
        super.init(frame: frame)
        build()
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
        build()
    }

    private func build() {
        backgroundColor = .systemBackground
        rows.axis = .vertical
        rows.spacing = 4
        scroll.translatesAutoresizingMaskIntoConstraints = false
        rows.translatesAutoresizingMaskIntoConstraints = false
        addSubview(scroll)
        scroll.addSubview(rows)
        NSLayoutConstraint.activate([
            scroll.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 8),
            scroll.trailingAnchor.constraint(equalTo: trailingAnchor, constant: -8),
            scroll.topAnchor.constraint(equalTo: topAnchor),
            scroll.bottomAnchor.constraint(equalTo: bottomAnchor),
            rows.leadingAnchor.constraint(equalTo: scroll.contentLayoutGuide.leadingAnchor),
            rows.trailingAnchor.constraint(equalTo: scroll.contentLayoutGuide.trailingAnchor),
            rows.topAnchor.constraint(equalTo: scroll.contentLayoutGuide.topAnchor),
            rows.bottomAnchor.constraint(equalTo: scroll.contentLayoutGuide.bottomAnchor),
            rows.widthAnchor.constraint(equalTo: scroll.frameLayoutGuide.widthAnchor),
        ])
    }

    func show(_ entries: [ProfileMenu.Entry], live: LiveConversionSettings) {
        rows.arrangedSubviews.forEach { $0.removeFromSuperview() }
        let top = UIStackView()
        top.axis = .horizontal
        top.spacing = 8
        top.alignment = .center
        top.addArrangedSubview(shellButton("閉じる", accessibilityLabel: "Close the profile list") { [weak self] in
            self?.onClose?()
        })
        let caption = UILabel()
        caption.text = "ライブ変換"
        caption.font = .systemFont(ofSize: 13, weight: .regular)
        top.addArrangedSubview(caption)
        top.addArrangedSubview(switchControl(isOn: live.isOn, label: "Live conversion") { [weak self] on in
            self?.onLiveConversion?(on)
        })
        let autoCommit = switch live.autoCommit {
        case .off: "自動確定 オフ"
        case .afterKeystrokes(let count): "自動確定 \(count)"
        }
        top.addArrangedSubview(shellButton(autoCommit, accessibilityLabel: "Auto-commit, \(live.autoCommit.storedValue)") { [weak self] in
            self?.onAutoCommit?()
        })
        rows.addArrangedSubview(top)
        for entry in entries {
            let row = UIStackView()
            row.axis = .horizontal
            row.spacing = 8
            row.alignment = .center
            let title = (entry.isCurrent ? "✓ " : "") + entry.title
            row.addArrangedSubview(shellButton(title, accessibilityLabel: entry.title, bold: entry.isCurrent) { [weak self] in
                self?.onSelect?(entry.id)
            })
            // Space converts (the Japanese habit) or separates words (the Cyrillic one); a tap flips it.
            let japanese = entry.spaceHabit == .japanese
            row.addArrangedSubview(shellButton(
                japanese ? "空白＝変換" : "空白＝区切り",
                accessibilityLabel: "Space \(japanese ? "converts" : "separates words"), \(entry.title)"
            ) { [weak self] in
                self?.onSpaceHabit?(entry.id, japanese ? .cyrillic : .japanese)
            })
            let caption = UILabel()
            caption.text = "かなのみ"
            caption.font = .systemFont(ofSize: 13, weight: .regular)
            row.addArrangedSubview(caption)
            row.addArrangedSubview(switchControl(isOn: entry.isKanaOnly, label: "Kana only, \(entry.title)") { [weak self] on in
                self?.onKanaOnly?(entry.id, on)
            })
            rows.addArrangedSubview(row)
        }
    }

    private func switchControl(isOn: Bool, label: String, action: @escaping @MainActor (Bool) -> Void) -> UISwitch {
        let toggle = UISwitch()
        toggle.isOn = isOn
        toggle.accessibilityLabel = label
        toggle.addAction(UIAction { [weak toggle] _ in
            MainActor.assumeIsolated {
                guard let toggle else { return }
                action(toggle.isOn)
            }
        }, for: .valueChanged)
        return toggle
    }
}
#endif
