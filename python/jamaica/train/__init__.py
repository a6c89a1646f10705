"""The trainers (PyTorch, optional): one module an algorithm, each run as
``bin/python -m jamaica.train.NAME``."""
