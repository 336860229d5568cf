"""`cassino-learn serve --class NAME`: what it starts with, what it prints, and that without
--class nothing changes."""

from __future__ import annotations

from pathlib import Path

import pytest

from cassino_learn.pages import learner
from cassino_learn.serving import cli
from cassino_learn.serving.voila import LEARNER_HEADERS, VoilaServer, voila_settings


def test_without_class_the_settings_and_command_are_as_before(tmp_path):
    assert "http_header_envs" not in voila_settings()["VoilaConfiguration"]
    server = VoilaServer(tmp_path)
    assert server.command()[:3][1:] == ["-m", "voila"]
    assert cli.build_parser().parse_args(["serve"]).class_name is None


def test_a_class_passes_only_the_checked_learner_headers_to_kernels(tmp_path):
    settings = voila_settings(in_class=True)["VoilaConfiguration"]
    assert settings["http_header_envs"] == list(LEARNER_HEADERS)
    server = VoilaServer(tmp_path, class_folder=tmp_path / "c", class_name="4B",
                         teacher_token="t0ken")
    assert server.command()[1:3] == ["-m", "cassino_learn.serving.class_app"]
    server._tmp = tmp_path  # environment() needs the server's folder, not a start
    env = server.environment()
    assert env[learner.CLASS_ENV] == str(tmp_path / "c")
    assert env["VOILA_APP_IP"] == "127.0.0.1"
    # The kernels' environment variables for the learner are the ones the pages read.
    for header, variable in zip(LEARNER_HEADERS,
                                (learner.LEARNER_ENV, learner.NAME_ENV, learner.CODE_ENV)):
        assert variable == "HTTP_" + header.upper().replace("-", "_")


def test_the_start_prints_the_learners_and_the_teachers_address(tmp_path):
    server = VoilaServer(tmp_path, port=8866, class_folder=tmp_path, class_name="4B",
                         teacher_token="SeCrEt")
    text = cli.class_banner(server, tmp_path)
    assert "Learners open:      http://localhost:8866/" in text
    assert "http://localhost:8866/class/teacher?token=SeCrEt" in text
    assert "--ip 0.0.0.0" in text and str(tmp_path) in text


def test_on_the_network_the_learners_address_is_this_computers(monkeypatch, tmp_path):
    monkeypatch.setattr(cli, "network_address", lambda: "192.168.1.20")
    server = VoilaServer(tmp_path, port=8866, ip="0.0.0.0", class_folder=tmp_path,
                         class_name="4B", teacher_token="T")
    text = cli.class_banner(server, tmp_path)
    assert "Learners open:      http://192.168.1.20:8866/" in text
    assert "http://192.168.1.20:8866/class/teacher?token=T" in text


@pytest.mark.parametrize("name", ["", "!!!", "   "])
def test_a_class_name_without_letters_is_a_one_line_error(name, monkeypatch, tmp_path):
    monkeypatch.setenv("CASSINO_LEARN_DATA", str(tmp_path))
    with pytest.raises(SystemExit) as stopped:
        cli._classroom(name)
    assert str(stopped.value).startswith("cassino-learn: --class: the class name")
    assert not (tmp_path / "classes").exists()


def test_the_class_folder_is_made_in_the_data_folder(monkeypatch, tmp_path):
    monkeypatch.setenv("CASSINO_LEARN_DATA", str(tmp_path))
    classroom = cli._classroom("Year 4 (blue)")
    assert classroom.folder == tmp_path / "classes" / "year-4-blue"
    assert classroom.folder.is_dir() and classroom.name == "Year 4 (blue)"


def test_outside_a_class_pages_have_no_learner(monkeypatch):
    monkeypatch.delenv(learner.CLASS_ENV, raising=False)
    assert learner.identify() is None
    assert learner.name_line().markup == "" and learner.code_line().markup == ""


def test_in_a_class_a_page_without_a_learner_reads_no_progress(monkeypatch, tmp_path):
    monkeypatch.setenv(learner.CLASS_ENV, str(tmp_path))
    monkeypatch.setenv("VOILA_PREHEAT", "False")
    monkeypatch.delenv(learner.LEARNER_ENV, raising=False)
    monkeypatch.setattr(learner, "_identity", None)
    with pytest.raises(learner.UnknownLearner):
        learner.identify()
    monkeypatch.setenv(learner.LEARNER_ENV, "../../etc/passwd")  # never a path
    with pytest.raises(learner.UnknownLearner):
        learner.identify()
    assert not list(tmp_path.iterdir())


def test_in_a_class_the_page_is_its_learners(monkeypatch, tmp_path):
    from cassino_learn.teaching import progress
    from cassino_learn.teaching.classroom import Classroom

    classroom = Classroom(tmp_path / "c", name="4B")
    ada = classroom.join("Ada <b>")
    monkeypatch.setenv(learner.CLASS_ENV, str(classroom.folder))
    monkeypatch.setenv("VOILA_PREHEAT", "False")
    monkeypatch.setenv(learner.LEARNER_ENV, ada.id)
    monkeypatch.setenv(learner.NAME_ENV, "Ada%20%3Cb%3E")  # as the class server quotes it
    monkeypatch.setenv(learner.CODE_ENV, ada.code)
    monkeypatch.setattr(learner, "_identity", None)
    try:
        assert learner.identify().name == "Ada <b>"
        assert progress.current_path() == classroom.progress_path(ada.id)
        line = learner.name_line()
        assert "Ada &lt;b&gt;" in line.markup and "Not you?" in line.markup
        assert ada.code in learner.code_line().markup
    finally:
        progress.use_path(None)
        monkeypatch.setattr(learner, "_identity", None)
